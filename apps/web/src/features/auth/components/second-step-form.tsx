/**
 * The login's second step (decision 063): after a right password, 'Codice di verifica' (six digits from the app, or a
 * recovery code), then the tokens. A challenge expired or used sends the visitor back to email and password.
 */
import { FIRST_MESSAGES } from '@farmaponte/shared/messages-first';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { useLoginSecondStep } from '../api/login-second-step';

export function SecondStepForm({
  challenge,
  onDone,
  onStartAgain,
}: {
  challenge: string;
  onDone: () => void;
  onStartAgain: () => void;
}) {
  const secondStep = useLoginSecondStep();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  // The field takes the focus when the form appears (and when the kind of code changes, below).
  useEffect(() => {
    input.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError(FIRST_MESSAGES.secondStepCodeRequired);
      input.current?.focus();
      return;
    }
    setError(undefined);
    try {
      await secondStep.mutateAsync({ challenge, code: code.trim() });
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'invalid_challenge') {
        notify.error(failure.message, { position: 'top-center' });
        onStartAgain();
      } else if (failure instanceof ApiError && failure.status !== 0 && failure.status < 500) {
        setError(failure.message);
        setCode('');
        input.current?.focus();
      } else notify.error(errorMessage(failure, FIRST_MESSAGES.serverError));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-labelledby="second-step-title">
      <div>
        <h2 id="second-step-title" className="text-lg font-semibold text-slate-900">
          {UI_TEXT.loginSecondStepTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{recovery ? UI_TEXT.loginRecoveryText : UI_TEXT.loginSecondStepText}</p>
      </div>
      <TextField
        key={recovery ? 'recovery' : 'app'}
        ref={input}
        label={recovery ? UI_TEXT.recoveryCodeLabel : UI_TEXT.secondStepCodeLabel}
        hint={recovery ? undefined : UI_TEXT.secondStepAnyCodeHint}
        error={error}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        required
      />
      <Button type="submit" size="lg" loading={secondStep.isPending}>
        {UI_TEXT.loginVerify}
      </Button>
      <div className="flex flex-col items-center gap-1 text-sm">
        <button
          type="button"
          className="min-h-11 px-2 font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(undefined);
            requestAnimationFrame(() => input.current?.focus());
          }}
        >
          {recovery ? UI_TEXT.loginUseAppCode : UI_TEXT.loginUseRecoveryCode}
        </button>
        <button
          type="button"
          className="min-h-11 px-2 text-slate-700 underline underline-offset-2 hover:text-slate-900"
          onClick={onStartAgain}
        >
          {UI_TEXT.loginStartAgain}
        </button>
      </div>
    </form>
  );
}

/**
 * /profile's 'Accesso in due passaggi' (decision 063): turning it on (the password, then the QR code and the key to type
 * by hand, a first code, then the ten recovery codes shown once, to copy or download) and off (password and a code).
 */
import type { TSecondStepSetup } from '@farmaponte/shared';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { PasswordField } from '../../../components/ui/password-field';
import { QrCode } from '../../../components/ui/qr-code';
import { Spinner } from '../../../components/ui/spinner';
import { useSecondStep } from '../../../lib/api/get-second-step';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { useDisableSecondStep, useEnableSecondStep, useSetUpSecondStep } from '../api/second-step';

export const SECOND_STEP_SECTION_ID = 'accesso-due-passaggi';

/** A refused form: the message under its field when the API names one, else under `field`, else a toast. */
function showFailure(error: unknown, setFields: (fields: Record<string, string>) => void, field = 'code') {
  if (error instanceof ApiError && error.fields) setFields(error.fields);
  else if (error instanceof ApiError && error.status >= 400 && error.status < 500) setFields({ [field]: error.message });
  else notify.error(errorMessage(error, MESSAGES.serverError));
}

export function SecondStepSection() {
  const status = useSecondStep();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  let body: ReactNode;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />;
  else if (status.data?.enabled)
    body = (
      <>
        <p className="mt-1 text-sm text-slate-700">{ACCOUNT_TEXT.secondStepOnText}</p>
        <p className="mt-1 text-sm text-slate-700">{ACCOUNT_TEXT.secondStepRecoveryLeft(status.data.recoveryCodesLeft)}</p>
        <TurnOff />
      </>
    );
  else if (status.data)
    body = (
      <>
        <p className="mt-1 text-sm text-slate-700">{ACCOUNT_TEXT.secondStepOffText}</p>
        <TurnOn onEnabled={setRecoveryCodes} />
      </>
    );
  else if (status.isError) body = <QueryLoadError query={status} message={ACCOUNT_TEXT.secondStepLoadFailed} className="mt-4" />;
  else body = <Spinner className="mt-4" />;

  return (
    <section
      id={SECOND_STEP_SECTION_ID}
      aria-labelledby="second-step-title"
      className="mt-8 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="second-step-title" className="text-lg font-semibold text-slate-900">
        {ACCOUNT_TEXT.secondStepTitle}
      </h2>
      {body}
    </section>
  );
}

function TurnOn({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setUp = useSetUpSecondStep();
  const enable = useEnableSecondStep();
  const [asking, setAsking] = useState(false);
  const [setup, setSetup] = useState<TSecondStepSetup>();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const passwordInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  // The focus follows the step: the password's field once asked, the code's once the QR code is there.
  useEffect(() => {
    if (setup) codeInput.current?.focus();
    else if (asking) passwordInput.current?.focus();
  }, [asking, setup]);

  function cancel() {
    setAsking(false);
    setSetup(undefined);
    setPassword('');
    setCode('');
    setFields({});
  }

  async function start(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setFields({ password: MESSAGES.requiredFields });
      passwordInput.current?.focus();
      return;
    }
    setFields({});
    try {
      setSetup(await setUp.mutateAsync(password));
    } catch (error) {
      showFailure(error, setFields, 'password');
      passwordInput.current?.focus();
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setFields({ code: MESSAGES.secondStepCodeRequired });
      codeInput.current?.focus();
      return;
    }
    setFields({});
    try {
      const enabled = await enable.mutateAsync({ code: code.trim(), password });
      notify.success(enabled.message);
      setPassword('');
      onEnabled(enabled.recoveryCodes);
    } catch (error) {
      showFailure(error, setFields);
      codeInput.current?.focus();
    }
  }

  if (!asking)
    return (
      <Button className="mt-4" onClick={() => setAsking(true)}>
        {ACCOUNT_TEXT.secondStepTurnOn}
      </Button>
    );

  if (!setup)
    return (
      <form noValidate onSubmit={start} className="mt-4 flex flex-col gap-4">
        <p className="text-sm text-slate-700">{ACCOUNT_TEXT.secondStepPasswordFirst}</p>
        <PasswordField
          ref={passwordInput}
          label={UI_TEXT.passwordLabel}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fields.password}
          className="max-w-xs"
          required
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={setUp.isPending}>
            {ACCOUNT_TEXT.secondStepContinue}
          </Button>
          <Button type="button" variant="ghost" onClick={cancel}>
            {UI_TEXT.cancel}
          </Button>
        </div>
      </form>
    );

  return (
    <form noValidate onSubmit={confirm} className="mt-4 flex flex-col gap-4">
      <p className="text-sm font-medium text-slate-800">{ACCOUNT_TEXT.secondStepScan}</p>
      <QrCode value={setup.uri} label={ACCOUNT_TEXT.secondStepQrLabel} />
      <div className="text-sm text-slate-700">
        <p>{ACCOUNT_TEXT.secondStepManual}</p>
        <code
          data-testid="second-step-secret"
          className="mt-1 block break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-slate-900"
        >
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </div>
      <p className="text-sm font-medium text-slate-800">{ACCOUNT_TEXT.secondStepEnterCode}</p>
      <TextField
        ref={codeInput}
        label={UI_TEXT.secondStepCodeLabel}
        hint={ACCOUNT_TEXT.secondStepCodeHint}
        error={fields.code}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={32}
        className="max-w-xs"
        required
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={enable.isPending}>
          {ACCOUNT_TEXT.secondStepConfirm}
        </Button>
        <Button type="button" variant="ghost" onClick={cancel}>
          {UI_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const title = useRef<HTMLHeadingElement>(null);
  // Shown in place of the form that was focused: the focus moves to the codes' title, which a screen reader reads.
  useEffect(() => {
    title.current?.focus();
  }, []);
  const text = `${ACCOUNT_TEXT.recoveryCodesTitle} – Farmaponte\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify.success(ACCOUNT_TEXT.recoveryCodesCopied);
    } catch {
      notify.error(MESSAGES.serverError);
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = ACCOUNT_TEXT.recoveryCodesFileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <section className="mt-4 flex flex-col gap-4" aria-labelledby="recovery-codes-title">
      <h3 ref={title} tabIndex={-1} id="recovery-codes-title" className="text-base font-semibold text-slate-900">
        {ACCOUNT_TEXT.recoveryCodesTitle}
      </h3>
      <p className="text-sm text-slate-700">{ACCOUNT_TEXT.recoveryCodesText}</p>
      <ol
        aria-label={ACCOUNT_TEXT.recoveryCodesListLabel}
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-base text-slate-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={copy}>
          {ACCOUNT_TEXT.recoveryCodesCopy}
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          {ACCOUNT_TEXT.recoveryCodesDownload}
        </Button>
        <Button type="button" onClick={onDone}>
          {ACCOUNT_TEXT.recoveryCodesDone}
        </Button>
      </div>
    </section>
  );
}

function TurnOff() {
  const disable = useDisableSecondStep();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!password) missing.password = MESSAGES.requiredFields;
    if (!code.trim()) missing.code = MESSAGES.secondStepCodeRequired;
    setFields(missing);
    if (Object.keys(missing).length) return;
    try {
      const done = await disable.mutateAsync({ password, code: code.trim() });
      notify.success(done.message);
    } catch (error) {
      showFailure(error, setFields);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">{ACCOUNT_TEXT.secondStepTurnOff}</h3>
      <p className="text-sm text-slate-700">{ACCOUNT_TEXT.secondStepTurnOffText}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label={UI_TEXT.passwordLabel}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fields.password}
          required
        />
        <TextField
          label={UI_TEXT.secondStepCodeLabel}
          hint={UI_TEXT.secondStepAnyCodeHint}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fields.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={32}
          required
        />
      </div>
      <Button type="submit" variant="danger" loading={disable.isPending} className="self-start">
        {ACCOUNT_TEXT.secondStepTurnOffConfirm}
      </Button>
    </form>
  );
}

/** Email + password login (docs/product.md#login): spinner while submitting, tokens stored, then home, or the page the visitor was sent here from. */

import { FIRST_MESSAGES } from '@farmaponte/shared/messages-first';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { TextLink } from '../../../components/ui/text-link';
import { ApiError } from '../../../lib/api-client';
import { firstErrorMessage } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { safeReturnPath } from '../../../lib/return-to';
import { useLogin } from '../api/login';
import { loginResolver } from '../lib/lazy-resolvers';
import { SecondStepForm } from './second-step-form';

export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  // With the two-step login on, the password earns a challenge, answered with the app's code (decision 063).
  const [challenge, setChallenge] = useState<string>();
  const form = useForm({
    resolver: loginResolver,
    defaultValues: { username: '', password: '' },
  });
  // Replace: 'back' from the page reached should not land on the login form again.
  const goOn = () => navigate(safeReturnPath(searchParams.get('next')) ?? PATHS.home, { replace: true });

  const onSubmit = form.handleSubmit(
    (credentials) =>
      login.mutateAsync(credentials).then(
        (answer) => (answer.challenge ? setChallenge(answer.challenge) : goOn()),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 401) {
            notify.error(FIRST_MESSAGES.loginFailed, { duration: 'login', position: 'top-center' });
          } else {
            notify.error(errorMessage(error, FIRST_MESSAGES.serverError));
          }
        },
      ),
    (errors) => notify.error(firstErrorMessage(errors) ?? FIRST_MESSAGES.requiredFields, { position: 'top-center' }),
  );

  if (challenge)
    return (
      <SecondStepForm
        challenge={challenge}
        onDone={goOn}
        onStartAgain={() => {
          setChallenge(undefined);
          form.setValue('password', '');
        }}
      />
    );

  return (
    <form noValidate onSubmit={onSubmit} onFocus={loginResolver.preload} className="flex flex-col gap-5">
      <TextField
        label={UI_TEXT.emailLabel}
        type="email"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...form.register('username')}
      />
      <PasswordField label={UI_TEXT.passwordLabel} autoComplete="current-password" required {...form.register('password')} />
      <div className="-mt-2 flex justify-end">
        <TextLink to={PATHS.forgotPassword} className="py-2 text-sm">
          {UI_TEXT.forgotPasswordLink}
        </TextLink>
      </div>
      <Button type="submit" size="lg" loading={login.isPending}>
        {UI_TEXT.loginButton}
      </Button>
    </form>
  );
}

/**
 * /forgot-password (docs/product.md#forgot-password): one e-mail field; every well-formed address gets the same answer
 * (decision 054), 429 keeps the server's message.
 */

import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { TextLink } from '../../../components/ui/text-link';
import { ApiError } from '../../../lib/api-client';
import { firstErrorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { forgotPasswordResolver } from '../lib/lazy-resolvers';

function forgotErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return error.message;
  return MESSAGES.forgotFailed;
}

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useForm({ resolver: forgotPasswordResolver, defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(
    (values) =>
      forgot.mutateAsync(values).then(
        () => {
          notify.success(MESSAGES.forgotSent);
          form.reset();
        },
        (error: unknown) => notify.error(forgotErrorMessage(error)),
      ),
    (errors) => notify.error(firstErrorMessage(errors) ?? MESSAGES.requiredFields),
  );

  return (
    <AuthCard
      title={UI_TEXT.forgotTitle}
      subtitle={UI_TEXT.forgotIntro}
      below={<TextLink to={PATHS.login}>{UI_TEXT.backToLogin}</TextLink>}
    >
      <title>{pageTitle(UI_TEXT.forgotTitle)}</title>
      <form noValidate onSubmit={onSubmit} onFocus={forgotPasswordResolver.preload} className="flex flex-col gap-5">
        <TextField
          label={UI_TEXT.emailLabel}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.register('email')}
        />
        <Button type="submit" size="lg" loading={forgot.isPending}>
          {UI_TEXT.forgotButton}
        </Button>
      </form>
    </AuthCard>
  );
}

/** /reset-password/:token (docs/product.md#reset-password): two matching passwords; on success a toast, then /login after 2 s. */

import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextLink } from '../../../components/ui/text-link';
import { firstErrorMessage } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { resetPasswordResolver } from '../lib/lazy-resolvers';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useForm({
    resolver: resetPasswordResolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const onSubmit = form.handleSubmit(
    async ({ password }) => {
      try {
        const result = await reset.mutateAsync({ token, password });
        if (!result.ok) throw new Error(result.message);
        setDone(true);
        notify.success(MESSAGES.resetDone, { duration: 'reset' });
        redirectTimer.current = setTimeout(() => navigate(PATHS.login), LIMITS.resetRedirectMs);
      } catch (error) {
        notify.error(errorMessage(error, MESSAGES.resetFallback), { duration: 'reset' });
      }
    },
    (errors) => notify.error(firstErrorMessage(errors) ?? MESSAGES.requiredFields, { duration: 'reset' }),
  );

  return (
    <AuthCard
      title={UI_TEXT.resetTitle}
      subtitle={UI_TEXT.resetIntro}
      below={<TextLink to={PATHS.login}>{UI_TEXT.backToLogin}</TextLink>}
    >
      <title>{pageTitle(UI_TEXT.resetTitle)}</title>
      <form noValidate onSubmit={onSubmit} onFocus={resetPasswordResolver.preload} className="flex flex-col gap-5">
        <PasswordField
          label={UI_TEXT.newPasswordLabel}
          autoComplete="new-password"
          maxLength={LIMITS.passwordMaxLength}
          required
          {...form.register('password')}
        />
        <PasswordField
          label={UI_TEXT.confirmNewPasswordLabel}
          autoComplete="new-password"
          maxLength={LIMITS.passwordMaxLength}
          required
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" loading={reset.isPending} disabled={done}>
          {UI_TEXT.resetButton}
        </Button>
      </form>
    </AuthCard>
  );
}

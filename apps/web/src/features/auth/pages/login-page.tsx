/** /login and /login_email (docs/product.md#login): the email login form. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { TextLink } from '../../../components/ui/text-link';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  return (
    <AuthCard
      title={UI_TEXT.loginTitle}
      subtitle={UI_TEXT.loginSubtitle}
      below={
        <p>
          {UI_TEXT.noAccount} <TextLink to={PATHS.register}>{UI_TEXT.registerLink}</TextLink>
        </p>
      }
    >
      <title>{pageTitle(UI_TEXT.loginTitle)}</title>
      <LoginForm />
    </AuthCard>
  );
}

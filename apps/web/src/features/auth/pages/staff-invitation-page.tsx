/**
 * /invito-staff?token=… (docs/product.md#staff-invitation): the link of a staff invitation's mail (decision 089). It
 * says who invites, for which role and pharmacies. An address with no account makes one here (name, surname, the
 * password twice, the privacy consent; the link proves the address), is logged in and lands on the home page; one
 * with an account logs in as that address (the login comes back here) and accepts with its session.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import { ORGANISATION_MESSAGES } from '@farmaponte/shared/messages-organisation';
import type { TInvitationPreview, TStaffAccountForm } from '@farmaponte/shared/organisation';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { PasswordField } from '../../../components/ui/password-field';
import { Spinner } from '../../../components/ui/spinner';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { setCurrentPharmacy } from '../../../lib/choose-pharmacy';
import { fieldErrorText, firstErrorMessage, markServerErrors } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { loginPathFor } from '../../../lib/return-to';
import { hasSession } from '../../../lib/storage';
import { useLogin } from '../api/login';
import { useAcceptInvitation, useInvitationPreview } from '../api/staff-invitation';
import { AuthCard } from '../components/auth-card';
import { TermsConsentLabel } from '../components/terms-consent-label';
import { staffAccountResolver } from '../lib/staff-account-resolver';

export function StaffInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);

  if (!token) return <Refused message={T.invitationMissing} />;
  if (preview.error instanceof ApiError && preview.error.status >= 400 && preview.error.status < 500)
    return <Refused message={preview.error.message} />;
  return (
    <AuthCard wide title={T.invitationTitle}>
      <title>{pageTitle(T.invitationTitle)}</title>
      {preview.data ? (
        <Invitation token={token} invitation={preview.data} />
      ) : preview.isError ? (
        <LoadError message={errorMessage(preview.error, MESSAGES.loadFailed)} onRetry={() => void preview.refetch()} />
      ) : (
        <Spinner />
      )}
    </AuthCard>
  );
}

/** An unknown, used or expired link: the server's words, and the ways on. */
function Refused({ message }: { message: string }) {
  return (
    <AuthCard title={T.invitationInvalidTitle}>
      <title>{pageTitle(T.invitationInvalidTitle)}</title>
      <div className="flex flex-col gap-5">
        <p role="alert" className="text-base text-red-800">
          {message}
        </p>
        <ButtonLink to={PATHS.login} size="lg">
          {ACCOUNT_TEXT.loginNow}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: TInvitationPreview }) {
  const pharmacies = invitation.role === 'titolare' ? T.everyPharmacy : invitation.pharmacies.join(', ');
  return (
    <div className="flex flex-col gap-6">
      <p className="text-lg font-semibold text-slate-900">{T.invitationFrom(invitation.organisation)}</p>
      <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-[max-content_1fr]">
        <Entry term={T.invitationFor}>
          <span className="break-all">{invitation.email}</span>
        </Entry>
        <Entry term={T.invitationRole}>
          <span className="font-semibold">{T.roleNames[invitation.role]}</span>
          <span className="block text-slate-700">{T.roleDescriptions[invitation.role]}</span>
        </Entry>
        {pharmacies ? <Entry term={T.invitationPharmacies}>{pharmacies}</Entry> : null}
      </dl>
      {invitation.has_account ? (
        <AcceptWithAccount token={token} email={invitation.email} />
      ) : (
        <NewAccountForm token={token} email={invitation.email} />
      )}
    </div>
  );
}

function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

/** After joining: the message, a clean start (the queries and the pharmacy chosen were another account's), home. */
function useJoined() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (message: string) => {
    notify.success(message);
    setCurrentPharmacy(null);
    void queryClient.invalidateQueries();
    navigate(PATHS.home, { replace: true });
  };
}

/** An account exists for the address: logged in as it, 'Accetta l'invito'; else the login, which comes back here. */
function AcceptWithAccount({ token, email }: { token: string; email: string }) {
  const location = useLocation();
  const loggedIn = hasSession();
  const details = useUserDetails({ enabled: loggedIn });
  const accept = useAcceptInvitation();
  const joined = useJoined();
  if (!loggedIn)
    return (
      <div className="flex flex-col gap-4">
        <p className="text-base text-slate-800">{T.invitationHasAccount}</p>
        <ButtonLink to={loginPathFor(location)} size="lg" className="w-full sm:w-auto sm:self-start">
          {T.invitationLogin(email)}
        </ButtonLink>
      </div>
    );
  if (!details.data)
    return details.isError ? <LoadError message={MESSAGES.loadFailed} onRetry={() => void details.refetch()} /> : <Spinner />;
  if (details.data.username.toLowerCase() !== email.toLowerCase())
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-base text-red-800">
          {ORGANISATION_MESSAGES.invitationWrongAccount(email)}
        </p>
        <ButtonLink to={PATHS.logout} variant="secondary" className="w-full sm:w-auto sm:self-start">
          {T.invitationLogout}
        </ButtonLink>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {accept.isError ? (
        <p role="alert" className="text-base text-red-800">
          {errorMessage(accept.error, MESSAGES.serverError)}
        </p>
      ) : null}
      <Button
        size="lg"
        loading={accept.isPending}
        className="w-full sm:w-auto sm:self-start"
        onClick={() => accept.mutate({ token, withSession: true }, { onSuccess: (answer) => joined(answer.message) })}
      >
        {T.invitationAccept}
      </Button>
    </div>
  );
}

type TAccountValues = TStaffAccountForm;
const EMPTY: TAccountValues = { name: '', surname: '', password: '', confirmPassword: '', privacyPolicyConsent: false };
const ACCOUNT_FIELDS: readonly string[] = Object.keys(EMPTY);

/** No account for the address: one is made with the invitation, then logged in. */
function NewAccountForm({ token, email }: { token: string; email: string }) {
  const accept = useAcceptInvitation();
  const login = useLogin();
  const navigate = useNavigate();
  const joined = useJoined();
  const form = useForm<TAccountValues, unknown, TAccountValues>({ resolver: staffAccountResolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const errorOf = (field: keyof TAccountValues) => fieldErrorText(errors[field]?.message);
  const onSubmit = form.handleSubmit(
    async ({ confirmPassword: _confirm, ...account }) => {
      try {
        const answer = await accept.mutateAsync({ token, ...account, withSession: false });
        const session = await login.mutateAsync({ username: email, password: account.password });
        if (session.tokens) joined(answer.message);
        else navigate(PATHS.login);
      } catch (error) {
        notify.error(errorMessage(error, MESSAGES.serverError), { position: 'top-center' });
        markServerErrors(form, error, (name) => (ACCOUNT_FIELDS.includes(name) ? (name as keyof TAccountValues) : undefined));
      }
    },
    (invalid) => notify.error(firstErrorMessage(invalid) ?? MESSAGES.requiredFields, { position: 'top-center' }),
  );
  return (
    <form noValidate onSubmit={onSubmit} onFocus={staffAccountResolver.preload} className="flex flex-col gap-5">
      <p className="text-base text-slate-800">{T.invitationNewAccount}</p>
      <p className="text-sm text-slate-600">{UI_TEXT.requiredLegend}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={UI_TEXT.nameLabel}
          autoComplete="given-name"
          required
          error={errorOf('name')}
          {...form.register('name')}
        />
        <TextField
          label={UI_TEXT.surnameLabel}
          autoComplete="family-name"
          required
          error={errorOf('surname')}
          {...form.register('surname')}
        />
        <PasswordField
          label={UI_TEXT.passwordLabel}
          hint={UI_TEXT.passwordHint}
          autoComplete="new-password"
          required
          error={errorOf('password')}
          {...form.register('password')}
        />
        <PasswordField
          label={UI_TEXT.confirmPasswordLabel}
          autoComplete="new-password"
          required
          error={errorOf('confirmPassword')}
          {...form.register('confirmPassword')}
        />
      </div>
      <CheckboxField
        required
        label={<TermsConsentLabel />}
        error={errorOf('privacyPolicyConsent')}
        {...form.register('privacyPolicyConsent')}
      />
      <Button type="submit" size="lg" loading={accept.isPending || login.isPending} className="w-full sm:w-auto sm:self-end">
        {T.invitationCreate}
      </Button>
    </form>
  );
}

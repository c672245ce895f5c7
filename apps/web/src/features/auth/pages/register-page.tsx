/**
 * /register (docs/product.md#registration): storage is cleared on arrival; the shared schema checks the form in order and
 * its first message is shown (toast, top-center, 1.2 s). Every field in error is also marked where it is (aria-invalid,
 * the message under it) and the first one gets the focus: a short toast alone is lost on a form this long. A refused
 * call is a toast too (not a browser alert, decision 017), and marks the fields the server names. A registration that went
 * through says to check the mail, whether the address was new or had an account already (decision 054): the confirmation
 * link comes first, the login after.
 */

import { emptyProfileValues, type TRegister, writableProfileValues } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type FieldValues, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import {
  AlboFields,
  OwnerFields,
  PersonalFields,
  PharmacistFields,
  ResidenceFields,
} from '../../../components/profile/profile-fields';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { FormSection } from '../../../components/ui/form-section';
import { PasswordField } from '../../../components/ui/password-field';
import { TextLink } from '../../../components/ui/text-link';
import { fieldErrorText, firstErrorMessage, markServerErrors } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { clearAllStorage } from '../../../lib/storage';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { TermsConsentLabel } from '../components/terms-consent-label';
import { registerResolver } from '../lib/lazy-resolvers';

/** The account's own fields, then the profile's from the shared definition (packages/shared/src/profile-fields.ts). */
const EMPTY_FORM = {
  username: '',
  password: '',
  confirmPassword: '',
  userRole: '',
  ...writableProfileValues(emptyProfileValues()),
  privacyPolicyConsent: false,
};
type TFieldName = keyof typeof EMPTY_FORM;

/** The API names profile fields 'profile.name' (schema errors) or 'comune' (its own checks); the form has them flat. */
const formFieldOf = (apiName: string): TFieldName | undefined => {
  const name = apiName.replace(/^profile\./, '');
  return name in EMPTY_FORM ? (name as TFieldName) : undefined;
};

export function RegisterPage() {
  const [sentTo, setSentTo] = useState('');
  const queryClient = useQueryClient();
  const registerAccount = useRegister();
  const form = useForm({
    resolver: registerResolver,
    defaultValues: EMPTY_FORM,
    shouldFocusError: false,
  });
  const { control, register, setFocus } = form;
  const { errors } = form.formState;
  const errorOf = (name: TFieldName) => fieldErrorText(errors[name]?.message);
  const role = useWatch({ control, name: 'userRole' });
  const fields = { form: form as unknown as UseFormReturn<FieldValues>, mode: 'register' } as const;

  useEffect(() => {
    // A new account starts from a clean browser: no tokens or data of someone else.
    clearAllStorage();
    queryClient.clear();
  }, [queryClient]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      const { username, password, confirmPassword: _confirm, privacyPolicyConsent, userRole, ...profile } = values;
      const payload: TRegister = { username, password, profile: { ...profile, userRole, privacyPolicyConsent } };
      try {
        const registered = await registerAccount.mutateAsync(payload);
        setSentTo(registered.username);
      } catch (error) {
        notify.error(errorMessage(error, MESSAGES.serverError), { position: 'top-center' });
        markServerErrors(form, error, formFieldOf);
      }
    },
    (invalid) => {
      notify.error(firstErrorMessage(invalid) ?? MESSAGES.requiredFields, { duration: 'registration', position: 'top-center' });
      // The schema names the fields in the form's order: the first is where the user has to go.
      const first = Object.keys(invalid)[0] as TFieldName | undefined;
      if (first) setFocus(first);
    },
  );

  if (sentTo) return <CheckYourMail email={sentTo} />;

  return (
    <AuthCard
      wide
      title={UI_TEXT.registerTitle}
      subtitle={UI_TEXT.registerSubtitle}
      below={
        <p>
          {ACCOUNT_TEXT.alreadyRegistered} <TextLink to={PATHS.loginEmail}>{ACCOUNT_TEXT.loginNow}</TextLink>
        </p>
      }
    >
      <title>{pageTitle(UI_TEXT.registerTitle)}</title>
      <p className="mb-6 text-sm text-slate-600">{UI_TEXT.requiredLegend}</p>
      <form noValidate onSubmit={onSubmit} onFocus={registerResolver.preload} className="flex flex-col gap-8">
        <FormSection title={UI_TEXT.sectionAccess}>
          <TextField
            className="sm:col-span-2"
            label={UI_TEXT.emailLabel}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errorOf('username')}
            {...register('username')}
          />
          <PasswordField
            label={UI_TEXT.passwordLabel}
            hint={UI_TEXT.passwordHint}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMaxLength}
            required
            error={errorOf('password')}
            {...register('password')}
          />
          <PasswordField
            label={UI_TEXT.confirmPasswordLabel}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMaxLength}
            required
            error={errorOf('confirmPassword')}
            {...register('confirmPassword')}
          />
        </FormSection>

        <PersonalFields {...fields}>
          <SelectField
            label={UI_TEXT.roleLabel}
            hint={UI_TEXT.roleHint}
            required
            error={errorOf('userRole')}
            {...register('userRole')}
          >
            <option value="">{UI_TEXT.rolePlaceholder}</option>
            <option value="farmacista">{UI_TEXT.roleNames.farmacista}</option>
            <option value="titolare">{UI_TEXT.roleNames.titolare}</option>
          </SelectField>
        </PersonalFields>
        <ResidenceFields {...fields} />
        {role === 'farmacista' ? <PharmacistFields {...fields} /> : null}
        {role === 'farmacista' ? <AlboFields {...fields} /> : null}
        {role === 'titolare' ? <OwnerFields {...fields} /> : null}

        <FormSection title={UI_TEXT.sectionConsents} columns={1}>
          <CheckboxField
            label={ACCOUNT_TEXT.communicationConsentLabel}
            error={errorOf('communicationConsent')}
            {...register('communicationConsent')}
          />
          <CheckboxField
            required
            label={<TermsConsentLabel />}
            error={errorOf('privacyPolicyConsent')}
            {...register('privacyPolicyConsent')}
          />
        </FormSection>

        <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-end sm:px-10" loading={registerAccount.isPending}>
          {ACCOUNT_TEXT.registerButton}
        </Button>
      </form>
    </AuthCard>
  );
}

/** After the registration: the same words for a new address and a taken one, since the server answers them alike. */
function CheckYourMail({ email }: { email: string }) {
  return (
    <AuthCard title={ACCOUNT_TEXT.registerCheckMailTitle}>
      <title>{pageTitle(ACCOUNT_TEXT.registerCheckMailTitle)}</title>
      <div className="flex flex-col gap-5">
        <p role="status" className="text-base text-slate-800">
          {MESSAGES.registered}
        </p>
        <p className="break-words text-base text-slate-800">{ACCOUNT_TEXT.registerCheckMailSentTo(email)}</p>
        <p className="text-sm text-slate-600">{ACCOUNT_TEXT.registerCheckMailHint}</p>
        <ButtonLink to={PATHS.login} size="lg">
          {UI_TEXT.confirmEmailToLogin}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

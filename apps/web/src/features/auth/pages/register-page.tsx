/**
 * /register (spec §2, §5): storage is cleared on arrival; the shared schema checks the form in the spec's order and
 * its first message is shown (toast, top-center, 1.2 s). Every field in error is also marked where it is (aria-invalid,
 * the message under it) and the first one gets the focus: a short toast alone is lost on a form this long. A refused
 * call (spec §8: an alert) is a toast too, and marks the fields the server names (e.g. an e-mail already taken).
 */

import type { TRegister } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { provincesOf } from '@farmaponte/shared/places';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ComuneField, ProvinceField, RegionField } from '../../../components/places/place-fields';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { FormSection } from '../../../components/ui/form-section';
import { PasswordField } from '../../../components/ui/password-field';
import { TextLink, textLinkClasses } from '../../../components/ui/text-link';
import { latestAdultBirthDate } from '../../../lib/dates';
import { fieldErrorText, firstErrorMessage, markServerErrors } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { clearAllStorage } from '../../../lib/storage';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { registerResolver } from '../lib/lazy-resolvers';

const EMPTY_FORM = {
  username: '',
  password: '',
  confirmPassword: '',
  name: '',
  surname: '',
  dob: '',
  placeOfBirth: '',
  telephone: '',
  userRole: '',
  regione_residenza: '',
  provincia_residenza: '',
  comune: '',
  via: '',
  numero_iscrizione_albo: '',
  titolo: '',
  preferredRegion: '',
  denominazione_farmacia: '',
  indirizzo_farmacia: '',
  partita_iva: '',
  comune_farmacia: '',
  communicationConsent: false,
  privacyPolicyConsent: false,
};
type TFieldName = keyof typeof EMPTY_FORM;

/** The API names profile fields 'profile.name' (schema errors) or 'comune' (its own checks); the form has them flat. */
const formFieldOf = (apiName: string): TFieldName | undefined => {
  const name = apiName.replace(/^profile\./, '');
  return name in EMPTY_FORM ? (name as TFieldName) : undefined;
};

/** Phone numbers are often typed with spaces or dots; the schema wants digits only. */
const digitsOnly = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s./-]/g, '') : value);

export function RegisterPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const registerAccount = useRegister();
  const form = useForm({
    resolver: registerResolver,
    defaultValues: EMPTY_FORM,
    shouldFocusError: false,
  });
  const { control, register, setValue, getValues, setFocus } = form;
  const { errors } = form.formState;
  const errorOf = (name: TFieldName) => fieldErrorText(errors[name]?.message);
  const [role, region, provincia] = useWatch({ control, name: ['userRole', 'regione_residenza', 'provincia_residenza'] });

  useEffect(() => {
    // A new account starts from a clean browser: no tokens or data of someone else (spec §2).
    clearAllStorage();
    queryClient.clear();
  }, [queryClient]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      const { username, password, confirmPassword: _confirm, privacyPolicyConsent, userRole, ...profile } = values;
      const payload: TRegister = { username, password, profile: { ...profile, userRole, privacyPolicyConsent } };
      try {
        await registerAccount.mutateAsync(payload);
        notify.success(MESSAGES.registered);
        navigate(PATHS.login);
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

  return (
    <AuthCard
      wide
      title={UI_TEXT.registerTitle}
      subtitle={UI_TEXT.registerSubtitle}
      below={
        <p>
          {UI_TEXT.alreadyRegistered} <TextLink to={PATHS.loginEmail}>{UI_TEXT.loginNow}</TextLink>
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

        <FormSection title={UI_TEXT.sectionPersonal}>
          <TextField label={UI_TEXT.nameLabel} autoComplete="given-name" required error={errorOf('name')} {...register('name')} />
          <TextField
            label={UI_TEXT.surnameLabel}
            autoComplete="family-name"
            required
            error={errorOf('surname')}
            {...register('surname')}
          />
          <TextField
            label={UI_TEXT.dobLabel}
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={latestAdultBirthDate()}
            required
            error={errorOf('dob')}
            {...register('dob')}
          />
          <TextField
            label={UI_TEXT.placeOfBirthLabel}
            autoComplete="off"
            error={errorOf('placeOfBirth')}
            {...register('placeOfBirth')}
          />
          <TextField
            label={UI_TEXT.telephoneLabel}
            hint={UI_TEXT.telephoneHint}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            required
            error={errorOf('telephone')}
            {...register('telephone', { setValueAs: digitsOnly })}
          />
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
        </FormSection>

        <FormSection title={UI_TEXT.sectionResidence}>
          <Controller
            control={control}
            name="regione_residenza"
            render={({ field }) => (
              <RegionField
                ref={field.ref}
                name={field.name}
                error={errorOf(field.name)}
                label={UI_TEXT.regionLabel}
                limit={LIMITS.regionSuggestions}
                value={String(field.value ?? '')}
                onBlur={field.onBlur}
                onChange={(next) => {
                  field.onChange(next);
                  // A province (and its comune) of another region no longer fits.
                  if (!provincesOf(next).some((p) => p.sigla === getValues('provincia_residenza'))) {
                    setValue('provincia_residenza', '');
                    setValue('comune', '');
                  }
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="provincia_residenza"
            render={({ field }) => (
              <ProvinceField
                ref={field.ref}
                name={field.name}
                error={errorOf(field.name)}
                label={UI_TEXT.provinceLabel}
                hint={provincesOf(String(region ?? '')).length ? undefined : UI_TEXT.provinceHint}
                region={String(region ?? '')}
                value={String(field.value ?? '')}
                onBlur={field.onBlur}
                onChange={(next) => {
                  if (next !== field.value) setValue('comune', '');
                  field.onChange(next);
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="comune"
            render={({ field }) => (
              <ComuneField
                ref={field.ref}
                name={field.name}
                error={errorOf(field.name)}
                label={UI_TEXT.comuneLabel}
                hint={UI_TEXT.comuneHint}
                provincia={String(provincia ?? '')}
                value={String(field.value ?? '')}
                onBlur={field.onBlur}
                onChange={field.onChange}
              />
            )}
          />
          <TextField label={UI_TEXT.viaLabel} autoComplete="address-line1" error={errorOf('via')} {...register('via')} />
        </FormSection>

        {role === 'farmacista' ? (
          <FormSection title={UI_TEXT.sectionProfessional}>
            <TextField
              label={UI_TEXT.alboLabel}
              autoComplete="off"
              required
              error={errorOf('numero_iscrizione_albo')}
              {...register('numero_iscrizione_albo', { shouldUnregister: true })}
            />
            <TextField
              label={UI_TEXT.titoloLabel}
              autoComplete="off"
              error={errorOf('titolo')}
              {...register('titolo', { shouldUnregister: true })}
            />
            <Controller
              control={control}
              name="preferredRegion"
              shouldUnregister
              render={({ field }) => (
                <RegionField
                  ref={field.ref}
                  name={field.name}
                  error={errorOf(field.name)}
                  label={UI_TEXT.preferredRegionLabel}
                  limit={LIMITS.preferredRegionSuggestions}
                  value={String(field.value ?? '')}
                  onBlur={field.onBlur}
                  onChange={field.onChange}
                />
              )}
            />
          </FormSection>
        ) : null}

        {role === 'titolare' ? (
          <FormSection title={UI_TEXT.sectionPharmacy}>
            <TextField
              label={UI_TEXT.pharmacyNameLabel}
              autoComplete="organization"
              required
              error={errorOf('denominazione_farmacia')}
              {...register('denominazione_farmacia', { shouldUnregister: true })}
            />
            <TextField
              label={UI_TEXT.vatLabel}
              hint={UI_TEXT.vatHint}
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              required
              error={errorOf('partita_iva')}
              {...register('partita_iva', { shouldUnregister: true, setValueAs: digitsOnly })}
            />
            <TextField
              label={UI_TEXT.pharmacyAddressLabel}
              autoComplete="off"
              error={errorOf('indirizzo_farmacia')}
              {...register('indirizzo_farmacia', { shouldUnregister: true })}
            />
            <Controller
              control={control}
              name="comune_farmacia"
              shouldUnregister
              render={({ field }) => (
                <ComuneField
                  ref={field.ref}
                  name={field.name}
                  error={errorOf(field.name)}
                  label={UI_TEXT.pharmacyComuneLabel}
                  hint={UI_TEXT.comuneHint}
                  value={String(field.value ?? '')}
                  onBlur={field.onBlur}
                  onChange={field.onChange}
                />
              )}
            />
          </FormSection>
        ) : null}

        <FormSection title={UI_TEXT.sectionConsents} columns={1}>
          <CheckboxField
            label={UI_TEXT.communicationConsentLabel}
            error={errorOf('communicationConsent')}
            {...register('communicationConsent')}
          />
          <CheckboxField
            required
            label={
              <>
                {UI_TEXT.termsConsentPrefix}{' '}
                <a href={PATHS.terms} target="_blank" rel="noopener" className={textLinkClasses}>
                  {UI_TEXT.termsConsentTerms}
                  <span className="sr-only"> {UI_TEXT.opensInNewTab}</span>
                </a>{' '}
                {UI_TEXT.termsConsentAnd}
                <a href={PATHS.privacy} target="_blank" rel="noopener" className={textLinkClasses}>
                  {UI_TEXT.termsConsentPrivacy}
                  <span className="sr-only"> {UI_TEXT.opensInNewTab}</span>
                </a>
              </>
            }
            error={errorOf('privacyPolicyConsent')}
            {...register('privacyPolicyConsent')}
          />
        </FormSection>

        <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-end sm:px-10" loading={registerAccount.isPending}>
          {UI_TEXT.registerButton}
        </Button>
      </form>
    </AuthCard>
  );
}

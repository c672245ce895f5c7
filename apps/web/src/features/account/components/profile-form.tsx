/**
 * The personal profile form (spec §2, §5, §8). E-mail, albo number and pharmacy name/address are read-only;
 * the shared schema checks the save and its first message is shown for about 1.2 s. Leaving the page with changes
 * not saved (a link, the header, 'back') asks first.
 */

import type { TProfile, TUserDetails } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { provincesOf } from '@farmaponte/shared/places';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useCallback } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ComuneField, ProvinceField, RegionField } from '../../../components/places/place-fields';
import { Button } from '../../../components/ui/button';
import { DiscardChangesDialog } from '../../../components/ui/dialog';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { FormSection } from '../../../components/ui/form-section';
import { latestAdultBirthDate } from '../../../lib/dates';
import { firstErrorMessage } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { hasSession } from '../../../lib/storage';
import { isDirtyNow } from '../../../lib/unsaved-changes';
import { useUpdateProfile } from '../api/update-profile';
import { profileResolver } from '../lib/lazy-resolvers';

/** The profile fields the form edits or shows (spec §7 "profile save"). */
function toFormValues(profile: TProfile) {
  return {
    profile: {
      name: profile.name,
      surname: profile.surname,
      dob: profile.dob,
      placeOfBirth: profile.placeOfBirth,
      telephone: profile.telephone,
      regione_residenza: profile.regione_residenza,
      provincia_residenza: profile.provincia_residenza,
      comune: profile.comune,
      via: profile.via,
      numero_iscrizione_albo: profile.numero_iscrizione_albo,
      titolo: profile.titolo,
      preferredRegion: profile.preferredRegion,
      communicationConsent: profile.communicationConsent,
      denominazione_farmacia: profile.denominazione_farmacia,
      indirizzo_farmacia: profile.indirizzo_farmacia,
      partita_iva: profile.partita_iva,
      comune_farmacia: profile.comune_farmacia,
    },
  };
}
type TFormValues = ReturnType<typeof toFormValues>;

const digitsOnly = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s./-]/g, '') : value);

/** For the spec's first check the focus goes to the first empty required field. */
const REQUIRED = ['profile.name', 'profile.surname', 'profile.dob', 'profile.telephone'] as const;

export function ProfileForm({ details }: { details: TUserDetails }) {
  const role = details.role;
  const update = useUpdateProfile();
  const form = useForm({
    resolver: profileResolver,
    defaultValues: toFormValues(details.profile),
    shouldFocusError: false,
  });
  const { control, register, setValue, getValues, setFocus } = form;
  const [region, provincia] = useWatch({ control, name: ['profile.regione_residenza', 'profile.provincia_residenza'] });
  // Read when the user leaves, live. A session that has ended (logout, account deleted, expired) has nothing left to
  // save: those exits are not held.
  const leaving = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        currentLocation.pathname !== nextLocation.pathname && hasSession() && isDirtyNow(form),
      [form],
    ),
  );

  const onSubmit = form.handleSubmit(
    async ({ profile }) => {
      // comune_farmacia is fixed at registration: it is shown, never sent (spec §7 lists the fields of a save).
      const { comune_farmacia: _fixed, ...fields } = profile;
      try {
        const { status, data } = await update.mutateAsync({ profile: fields });
        if (status === 200 && data) {
          notify.success(MESSAGES.profileUpdated, { duration: 'profile' });
          form.reset(toFormValues(data.profile));
        } else {
          notify.error(MESSAGES.genericError, { duration: 'profile' });
        }
      } catch (error) {
        notify.error(errorMessage(error, MESSAGES.genericError), { duration: 'profile' });
      }
    },
    (errors) => {
      const message = firstErrorMessage(errors) ?? MESSAGES.requiredFields;
      notify.error(message, { duration: 'profile' });
      const firstInvalid = Object.keys(errors.profile ?? {})[0] as keyof TFormValues['profile'] | undefined;
      if (message === MESSAGES.requiredFields) {
        const empty = REQUIRED.find((name) => !String(getValues(name) ?? '').trim());
        if (empty) setFocus(empty);
      } else if (firstInvalid) {
        setFocus(`profile.${firstInvalid}`);
      }
    },
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={profileResolver.preload}
      className="flex flex-col gap-8"
      aria-labelledby="profile-title"
    >
      <FormSection title={UI_TEXT.sectionAccess}>
        <TextField label={UI_TEXT.emailLabel} type="email" value={details.username} readOnly hint={UI_TEXT.readOnlyHint} />
        <TextField label={UI_TEXT.roleLabel} value={UI_TEXT.roleNames[role]} readOnly hint={UI_TEXT.readOnlyHint} />
      </FormSection>

      <FormSection title={UI_TEXT.sectionPersonal}>
        <TextField label={UI_TEXT.nameLabel} autoComplete="given-name" required {...register('profile.name')} />
        <TextField label={UI_TEXT.surnameLabel} autoComplete="family-name" required {...register('profile.surname')} />
        <TextField
          label={UI_TEXT.dobLabel}
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={latestAdultBirthDate()}
          required
          {...register('profile.dob')}
        />
        <TextField label={UI_TEXT.placeOfBirthLabel} autoComplete="off" {...register('profile.placeOfBirth')} />
        <TextField
          label={UI_TEXT.telephoneLabel}
          hint={UI_TEXT.telephoneHint}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          required
          {...register('profile.telephone', { setValueAs: digitsOnly })}
        />
      </FormSection>

      <FormSection title={UI_TEXT.sectionResidence}>
        <Controller
          control={control}
          name="profile.regione_residenza"
          render={({ field }) => (
            <RegionField
              ref={field.ref}
              name={field.name}
              label={UI_TEXT.regionLabel}
              limit={LIMITS.regionSuggestions}
              value={String(field.value ?? '')}
              onBlur={field.onBlur}
              onChange={(next) => {
                field.onChange(next);
                if (!provincesOf(next).some((p) => p.sigla === getValues('profile.provincia_residenza'))) {
                  setValue('profile.provincia_residenza', '');
                  setValue('profile.comune', '');
                }
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="profile.provincia_residenza"
          render={({ field }) => (
            <ProvinceField
              ref={field.ref}
              name={field.name}
              label={UI_TEXT.provinceLabel}
              hint={provincesOf(String(region ?? '')).length ? undefined : UI_TEXT.provinceHint}
              region={String(region ?? '')}
              value={String(field.value ?? '')}
              onBlur={field.onBlur}
              onChange={(next) => {
                if (next !== field.value) setValue('profile.comune', '');
                field.onChange(next);
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="profile.comune"
          render={({ field }) => (
            <ComuneField
              ref={field.ref}
              name={field.name}
              label={UI_TEXT.comuneLabel}
              hint={UI_TEXT.comuneHint}
              provincia={String(provincia ?? '')}
              value={String(field.value ?? '')}
              onBlur={field.onBlur}
              onChange={field.onChange}
            />
          )}
        />
        <TextField label={UI_TEXT.viaLabel} autoComplete="address-line1" {...register('profile.via')} />
      </FormSection>

      {role === 'farmacista' ? (
        <FormSection title={UI_TEXT.sectionProfessional}>
          <TextField
            label={UI_TEXT.alboLabel}
            readOnly
            hint={UI_TEXT.readOnlyHint}
            {...register('profile.numero_iscrizione_albo')}
          />
          <TextField label={UI_TEXT.titoloLabel} autoComplete="off" {...register('profile.titolo')} />
          <Controller
            control={control}
            name="profile.preferredRegion"
            render={({ field }) => (
              <RegionField
                ref={field.ref}
                name={field.name}
                label={UI_TEXT.preferredRegionLabel}
                limit={LIMITS.preferredRegionSuggestions}
                value={String(field.value ?? '')}
                onBlur={field.onBlur}
                onChange={field.onChange}
              />
            )}
          />
          <CheckboxField
            className="sm:col-span-2"
            label={UI_TEXT.communicationConsentLabel}
            {...register('profile.communicationConsent')}
          />
        </FormSection>
      ) : null}

      {role === 'titolare' ? (
        <FormSection title={UI_TEXT.sectionPharmacy}>
          <TextField
            label={UI_TEXT.pharmacyNameLabel}
            readOnly
            hint={UI_TEXT.readOnlyHint}
            {...register('profile.denominazione_farmacia')}
          />
          <TextField
            label={UI_TEXT.vatLabel}
            hint={UI_TEXT.vatHint}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            {...register('profile.partita_iva', { setValueAs: digitsOnly })}
          />
          <TextField
            label={UI_TEXT.pharmacyAddressLabel}
            readOnly
            hint={UI_TEXT.readOnlyHint}
            {...register('profile.indirizzo_farmacia')}
          />
          <TextField
            label={UI_TEXT.pharmacyComuneLabel}
            readOnly
            hint={UI_TEXT.readOnlyHint}
            {...register('profile.comune_farmacia')}
          />
        </FormSection>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button type="submit" size="lg" loading={update.isPending}>
          {UI_TEXT.updateProfile}
        </Button>
      </div>
      <DiscardChangesDialog
        open={leaving.state === 'blocked'}
        onStay={() => leaving.reset?.()}
        onDiscard={() => leaving.proceed?.()}
      />
    </form>
  );
}

/**
 * The personal profile form (docs/product.md#profile). E-mail and pharmacy name/address are read-only; a pharmacist's
 * albo entry is edited with its verification status beside it (decision 050);
 * the shared schema checks the save and its first message is shown for about 1.2 s. Leaving the page with changes
 * not saved (a link, the header, 'back') asks first.
 */

import { type TProfile, type TUserDetails, writableProfileValues } from '@farmaponte/shared';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import {
  AlboFields,
  OwnerFields,
  PersonalFields,
  PharmacistFields,
  ResidenceFields,
} from '../../../components/profile/profile-fields';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { FormSection } from '../../../components/ui/form-section';
import { LeavePageGuard } from '../../../components/ui/leave-page-guard';
import { firstErrorMessage } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { isDirtyNow } from '../../../lib/unsaved-changes';
import { useUpdateProfile } from '../api/update-profile';
import { profileResolver } from '../lib/lazy-resolvers';
import { AlboStatus } from './albo-status';

/** The profile fields the form edits or shows (docs/rules.md#profiles), from the shared definition. */
const toFormValues = (profile: TProfile) => ({ profile: writableProfileValues(profile) });
type TFormValues = ReturnType<typeof toFormValues>;

/** For the first check (required fields) the focus goes to the first empty required field. */
const REQUIRED = ['profile.name', 'profile.surname', 'profile.dob', 'profile.telephone'] as const;

export function ProfileForm({ details }: { details: TUserDetails }) {
  const role = details.role;
  const update = useUpdateProfile();
  const form = useForm({
    resolver: profileResolver,
    defaultValues: toFormValues(details.profile),
    shouldFocusError: false,
  });
  const { register, getValues, setFocus } = form;
  const fields = {
    form: form as unknown as UseFormReturn<FieldValues>,
    mode: 'profile',
    role,
    verified: details.verification === 'verified',
  } as const;
  const onSubmit = form.handleSubmit(
    async ({ profile }) => {
      // A verified owner's pharmacy is sent as it is and ignored by the server (docs/rules.md#profiles).
      try {
        const { status, data } = await update.mutateAsync({ profile });
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
        <TextField label={UI_TEXT.emailLabel} type="email" value={details.username} readOnly hint={ACCOUNT_TEXT.readOnlyHint} />
        <TextField label={UI_TEXT.roleLabel} value={UI_TEXT.roleNames[role]} readOnly hint={ACCOUNT_TEXT.readOnlyHint} />
      </FormSection>

      <PersonalFields {...fields} />
      <ResidenceFields {...fields} />
      {role === 'farmacista' ? (
        <PharmacistFields {...fields}>
          <CheckboxField
            className="sm:col-span-2"
            label={ACCOUNT_TEXT.communicationConsentLabel}
            {...register('profile.communicationConsent')}
          />
        </PharmacistFields>
      ) : null}
      {role === 'farmacista' ? (
        <AlboFields {...fields}>
          <AlboStatus />
        </AlboFields>
      ) : null}
      {role === 'titolare' ? <OwnerFields {...fields} /> : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button type="submit" size="lg" loading={update.isPending}>
          {ACCOUNT_TEXT.updateProfile}
        </Button>
      </div>
      {/* Read when the user leaves, live. */}
      <LeavePageGuard hasUnsavedChanges={() => isDirtyNow(form)} />
    </form>
  );
}

/** 'Invita una persona': the address, the role and (not for a titolare) the pharmacies; the link goes by mail. */
import { MESSAGES } from '@farmaponte/shared/messages';
import type { TOrganisationPharmacy, TStaffInvitationInput } from '@farmaponte/shared/organisation';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { fieldErrorText, firstErrorMessage, markServerErrors } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { useInviteStaff } from '../api/team';
import { staffInvitationResolver } from '../lib/lazy-resolvers';
import type { TInviteFormValues } from '../lib/resolvers';
import { RoleFields } from './role-fields';

const EMPTY: TInviteFormValues = { email: '', role: 'responsabile', pharmacy_ids: [] };

export function InviteForm({ pharmacies }: { pharmacies: readonly TOrganisationPharmacy[] }) {
  const invite = useInviteStaff();
  const form = useForm<TInviteFormValues, unknown, TStaffInvitationInput>({
    resolver: staffInvitationResolver,
    // One pharmacy only: it is the one, ticked already.
    defaultValues: { ...EMPTY, pharmacy_ids: pharmacies.length === 1 ? pharmacies.map((p) => String(p.id)) : [] },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        const sent = await invite.mutateAsync(input);
        notify.success(sent.message);
        form.reset();
      } catch (error) {
        notify.error(errorMessage(error, MESSAGES.serverError));
        markServerErrors(form, error, (name) =>
          name === 'email' || name === 'role' || name === 'pharmacy_ids' ? name : undefined,
        );
      }
    },
    (invalid) => notify.error(firstErrorMessage(invalid) ?? MESSAGES.requiredFields),
  );
  return (
    <form noValidate onSubmit={onSubmit} onFocus={staffInvitationResolver.preload} className="flex flex-col gap-5">
      <TextField
        label={T.inviteEmailLabel}
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={fieldErrorText(errors.email?.message)}
        className="sm:max-w-md"
        {...form.register('email')}
      />
      <RoleFields register={form.register} control={form.control} errors={errors} pharmacies={pharmacies} />
      <div className="flex justify-end">
        <Button type="submit" loading={invite.isPending} className="w-full sm:w-auto">
          {invite.isPending ? T.inviteBusy : T.inviteButton}
        </Button>
      </div>
    </form>
  );
}

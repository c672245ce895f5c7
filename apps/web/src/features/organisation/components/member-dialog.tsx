/** 'Modifica': a member's role and pharmacies in a dialog; the server's refusals (the last titolare) as a toast. */
import { MESSAGES } from '@farmaponte/shared/messages';
import type { TMember, TMemberUpdate, TOrganisationPharmacy } from '@farmaponte/shared/organisation';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { type RefObject, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { firstErrorMessage, markServerErrors } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { useDirtyCheck } from '../../../lib/unsaved-changes';
import { useUpdateMember } from '../api/team';
import type { TRoleFormValues } from '../lib/form-values';
import { memberResolver } from '../lib/lazy-resolvers';
import { RoleFields } from './role-fields';

export function MemberDialog({
  member,
  open,
  onOpenChange,
  pharmacies,
  returnFocusRef,
}: {
  member: TMember | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pharmacies: readonly TOrganisationPharmacy[];
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const dirtyCheck = useRef<(() => boolean) | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={T.editMemberTitle(member?.name || member?.email || '')}
      description={member?.email}
      returnFocusRef={returnFocusRef}
      hasUnsavedChanges={() => dirtyCheck.current?.() ?? false}
    >
      {open && member ? (
        <MemberForm
          key={member.user_id}
          member={member}
          pharmacies={pharmacies}
          dirtyCheck={dirtyCheck}
          onSaved={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function MemberForm({
  member,
  pharmacies,
  dirtyCheck,
  onSaved,
}: {
  member: TMember;
  pharmacies: readonly TOrganisationPharmacy[];
  dirtyCheck: RefObject<(() => boolean) | null>;
  onSaved: () => void;
}) {
  const update = useUpdateMember();
  const form = useForm<TRoleFormValues, unknown, TMemberUpdate>({
    resolver: memberResolver,
    defaultValues: { role: member.role, pharmacy_ids: member.pharmacy_ids.map(String) },
  });
  useDirtyCheck(dirtyCheck, form);
  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        const saved = await update.mutateAsync({ userId: member.user_id, ...input });
        notify.success(saved.message);
        onSaved();
      } catch (error) {
        notify.error(errorMessage(error, MESSAGES.serverError));
        markServerErrors(form, error, (name) => (name === 'role' || name === 'pharmacy_ids' ? name : undefined));
      }
    },
    (invalid) => notify.error(firstErrorMessage(invalid) ?? MESSAGES.requiredFields),
  );
  return (
    <form noValidate onSubmit={onSubmit} onFocus={memberResolver.preload} className="flex flex-col gap-5">
      <RoleFields register={form.register} control={form.control} errors={form.formState.errors} pharmacies={pharmacies} />
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending} className="w-full sm:w-auto sm:min-w-32">
          {T.saveMember}
        </Button>
      </div>
    </form>
  );
}

/**
 * /organizzazione/staff (docs/product.md#staff), a titolare's: the staff with their role and pharmacies, 'Modifica'
 * and 'Rimuovi' (asked first: their sessions end), the invitations waiting with 'Annulla invito', and 'Invita una
 * persona'. Anyone else is told that only a titolare manages the people.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import type { TMember, TOrganisation, TTeam } from '@farmaponte/shared/organisation';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { PageLoadError, QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { useOrganisation } from '../../../lib/api/get-organisation';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { errorMessage, notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { useRemoveMember, useRevokeInvitation, useTeam } from '../api/team';
import { InvitationsList } from '../components/invitations-list';
import { InviteForm } from '../components/invite-form';
import { MemberDialog } from '../components/member-dialog';
import { MembersTable } from '../components/members-table';
import { Notice, PageFrame, PageSection } from '../components/page-frame';

export function StaffPage() {
  const organisation = useOrganisation();
  const titolare = organisation.data?.my_role === 'titolare';
  return (
    <PageFrame title={T.staffTitle} intro={T.staffIntro} back={{ to: PATHS.organisation, label: T.backToOrganisation }}>
      {organisation.data ? (
        titolare ? (
          <Staff organisation={organisation.data} />
        ) : (
          <Notice>{T.staffTitolareOnly}</Notice>
        )
      ) : organisation.isError ? (
        <PageLoadError query={organisation} className="mt-6" />
      ) : (
        <PageSpinner />
      )}
    </PageFrame>
  );
}

function Staff({ organisation }: { organisation: TOrganisation }) {
  const team = useTeam();
  const me = useUserDetails().data?.id;
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const invitationsHeading = useRef<HTMLHeadingElement>(null);
  // The member stays set while a dialog closes, so its text does not blank out mid-animation.
  const [editing, setEditing] = useState<{ open: boolean; member: TMember | null }>({ open: false, member: null });
  const [removing, setRemoving] = useState<{ open: boolean; member: TMember | null }>({ open: false, member: null });
  const { pharmacies } = organisation;

  async function confirmRemove() {
    if (!removing.member) return;
    try {
      const removed = await remove.mutateAsync(removing.member.user_id);
      notify.success(removed.message);
      // Their row is gone: the focus goes to the table's heading.
      returnFocusRef.current = membersHeading.current;
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.serverError));
    } finally {
      setRemoving((state) => ({ ...state, open: false }));
    }
  }

  function revokeInvitation(invitation: TTeam['invitations'][number]) {
    revoke.mutate(invitation.id, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        invitationsHeading.current?.focus();
      },
      onError: (error) => notify.error(errorMessage(error, MESSAGES.serverError)),
    });
  }

  return (
    <>
      <PageSection id="members-title" title={T.membersTitle} headingRef={membersHeading}>
        {team.data ? (
          <MembersTable
            members={team.data.members}
            pharmacies={pharmacies}
            myId={me}
            onEdit={(member, button) => {
              returnFocusRef.current = button;
              setEditing({ open: true, member });
            }}
            onRemove={(member, button) => {
              returnFocusRef.current = button;
              setRemoving({ open: true, member });
            }}
          />
        ) : team.isError ? (
          <QueryLoadError query={team} className="text-base" />
        ) : (
          <Spinner />
        )}
      </PageSection>

      <PageSection id="invitations-title" title={T.invitationsTitle} headingRef={invitationsHeading}>
        {team.data ? (
          <InvitationsList
            invitations={team.data.invitations}
            pharmacies={pharmacies}
            revoking={revoke.isPending ? (revoke.variables ?? null) : null}
            onRevoke={revokeInvitation}
          />
        ) : team.isError ? null : (
          <Spinner />
        )}
      </PageSection>

      <PageSection id="invite-title" title={T.inviteTitle} intro={T.inviteIntro}>
        <InviteForm pharmacies={pharmacies} />
      </PageSection>

      <MemberDialog
        member={editing.member}
        open={editing.open}
        onOpenChange={(open) => setEditing((state) => ({ ...state, open }))}
        pharmacies={pharmacies}
        returnFocusRef={returnFocusRef}
      />
      <ConfirmDialog
        open={removing.open}
        onOpenChange={(open) => setRemoving((state) => ({ ...state, open }))}
        title={T.removeMemberTitle(removing.member?.name || removing.member?.email || '')}
        description={T.removeMemberText}
        confirmLabel={T.removeMember}
        busyLabel={T.removeMemberBusy}
        cancelLabel={T.keepMember}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        returnFocusRef={returnFocusRef}
      />
    </>
  );
}

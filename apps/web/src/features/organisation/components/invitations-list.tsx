/** The invitations not answered yet: address, role, pharmacies, when the link expires, and 'Annulla invito'. */
import type { TOrganisationPharmacy, TTeam } from '@farmaponte/shared/organisation';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/dates';
import { RoleBadge } from './badges';
import { pharmacyNames } from './members-table';

export function InvitationsList({
  invitations,
  pharmacies,
  revoking,
  onRevoke,
}: {
  invitations: TTeam['invitations'];
  pharmacies: readonly Pick<TOrganisationPharmacy, 'id' | 'name'>[];
  /** The invitation being revoked: its button spins. */
  revoking: number | null;
  onRevoke: (invitation: TTeam['invitations'][number]) => void;
}) {
  if (!invitations.length) return <p className="text-base text-slate-700">{T.invitationsEmpty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-200">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 text-sm">
            <p className="break-all font-semibold text-slate-900">{invitation.email}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
              <RoleBadge role={invitation.role} />
              <span className="break-words">{pharmacyNames(invitation.role, invitation.pharmacy_ids, pharmacies)}</span>
            </p>
            <p className="mt-1 text-slate-600">
              <time dateTime={invitation.expires_at}>{T.invitationExpires(formatDateTime(invitation.expires_at))}</time>
            </p>
          </div>
          <Button
            variant="secondary"
            className="shrink-0 self-start sm:self-center"
            aria-label={T.revokeInvitationLabel(invitation.email)}
            loading={revoking === invitation.id}
            onClick={() => onRevoke(invitation)}
          >
            {T.revokeInvitation}
          </Button>
        </li>
      ))}
    </ul>
  );
}

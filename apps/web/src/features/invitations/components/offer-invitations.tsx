/**
 * An offer's invitations on the owner's card in /mie_offerte (plugged in by the app): a disclosure 'Inviti inviati'
 * that reads them when first opened, each with the pharmacist, the status, when it was sent, the reason of a decline
 * and, once accepted, the way to the application.
 */
import type { TOwnerInvitation } from '@farmaponte/shared';
import { INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { useState } from 'react';
import { Link } from 'react-router';
import { RatingBadge } from '../../../components/rating-badge';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { formatDateTime } from '../../../lib/dates';
import { PATHS } from '../../../lib/paths';
import { useOfferInvitations } from '../api/get-offer-invitations';
import { InvitationStatusBadge } from './invitation-status-badge';

export function OfferInvitations({ offerId }: { offerId: number }) {
  const [opened, setOpened] = useState(false);
  const invitations = useOfferInvitations(offerId, { enabled: opened });
  return (
    <details
      className="group mt-3 rounded-lg border border-slate-200"
      onToggle={(event) => event.currentTarget.open && setOpened(true)}
    >
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-semibold text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700">
        <span aria-hidden="true" className="transition-transform group-open:rotate-90">
          ›
        </span>
        {INVITATION_TEXT.offerInvitationsShow}
        {invitations.data ? (
          <span className="font-normal text-slate-700">({INVITATION_TEXT.offerInvitationsTitle(invitations.data.length)})</span>
        ) : null}
      </summary>
      <div className="border-t border-slate-200 px-3 py-3">
        {invitations.data ? (
          invitations.data.length ? (
            <ul className="flex flex-col gap-3" data-testid="offer-invitations">
              {invitations.data.map((invitation) => (
                <li key={invitation.id}>
                  <OwnerInvitationRow invitation={invitation} offerId={offerId} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">{INVITATION_TEXT.offerInvitationsEmpty}</p>
          )
        ) : invitations.isError ? (
          <QueryLoadError query={invitations} className="text-sm" />
        ) : (
          <Spinner />
        )}
      </div>
    </details>
  );
}

function OwnerInvitationRow({ invitation, offerId }: { invitation: TOwnerInvitation; offerId: number }) {
  const { pharmacist } = invitation;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold text-slate-900">
          {pharmacist.name} {pharmacist.surname}
        </span>
        <InvitationStatusBadge status={invitation.status} side="owner" />
      </p>
      <RatingBadge userId={pharmacist.id} rating={pharmacist.rating} reliability={pharmacist.reliability} />
      <p className="text-slate-700">
        {[pharmacist.titolo, pharmacist.albo_verified ? INVITATION_TEXT.albo : ''].filter(Boolean).join(' · ')}
      </p>
      <p className="text-slate-600">
        <time dateTime={invitation.created_at}>{INVITATION_TEXT.invitedOn(formatDateTime(invitation.created_at))}</time>
        {invitation.invited_by === 'auto' ? ` ${INVITATION_TEXT.invitedByPlatformShort}` : ''}
      </p>
      {invitation.decline_reason ? (
        <p className="break-words text-slate-800">
          <span className="font-medium">{INVITATION_TEXT.theirReason}:</span> {invitation.decline_reason}
        </p>
      ) : null}
      {invitation.status === 'accepted' ? (
        <Link to={`${PATHS.applications}?offer_id=${offerId}`} className={textLinkClasses}>
          {INVITATION_TEXT.seeApplication}
        </Link>
      ) : null}
    </div>
  );
}

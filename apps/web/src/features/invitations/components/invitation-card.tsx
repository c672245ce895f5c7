/**
 * One invitation on /mie_candidature: the offer (pharmacy, dates, hours, pay, comune, legal forms), the owner's
 * message, its status with a sentence, until when it may be answered, and 'Accetta' / 'Rifiuta' while it waits.
 * A refused answer is said on the card, with what it means.
 */
import type { TPharmacistInvitation } from '@farmaponte/shared';
import { INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { useId } from 'react';
import { LegalFormBadges } from '../../../components/legal-form-badges';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/dates';
import { formatEuros } from '../../../lib/numbers';
import { offerPeriod } from '../../../lib/offer-period';
import type { TRefusal } from '../lib/refusal';
import { InvitationStatusBadge } from './invitation-status-badge';

interface TInvitationCardProps {
  invitation: TPharmacistInvitation;
  onAnswer: (invitation: TPharmacistInvitation, answer: 'accept' | 'decline', button: HTMLButtonElement) => void;
  /** The last answer to this invitation was refused: why. */
  refusal: TRefusal | null;
}

export function InvitationCard({ invitation, onAnswer, refusal }: TInvitationCardProps) {
  const titleId = useId();
  const { offer } = invitation;
  const period = offerPeriod(offer.date_from, offer.date_to);
  const hours = offer.start_time && offer.end_time ? `${offer.start_time}–${offer.end_time}` : null;
  const waiting = invitation.status === 'sent';
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="invitation-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <h3 id={titleId} className="min-w-0 break-words text-lg font-semibold text-slate-900">
          {offer.title}
        </h3>
        <p>
          <span className="sr-only">{INVITATION_TEXT.statusLabel}: </span>
          <InvitationStatusBadge status={invitation.status} side="pharmacist" className="text-sm" />
        </p>
      </div>
      <p className="text-sm font-medium text-emerald-800">
        {offer.denominazione_farmacia} · {offer.comune_farmacia}
      </p>
      <p className="mt-2">
        <span className="sr-only">{ENGAGEMENT_TEXT.legalFormLabel}: </span>
        <LegalFormBadges offer={offer} />
      </p>
      <p className="mt-3 text-sm text-slate-800">
        {waiting && !offer.is_open ? INVITATION_TEXT.offerNotOpen : INVITATION_TEXT.statusExplained[invitation.status]}
      </p>
      {invitation.invited_by === 'auto' ? (
        <p className="mt-1 text-sm text-slate-700">{INVITATION_TEXT.invitedByPlatform}</p>
      ) : null}
      {invitation.message ? (
        <figure className="mt-3 rounded-lg border-l-4 border-emerald-700 bg-emerald-50 px-3 py-2 text-sm">
          <figcaption className="font-medium text-emerald-900">{INVITATION_TEXT.ownerMessage}</figcaption>
          <blockquote className="mt-0.5 whitespace-pre-line break-words text-slate-900">{invitation.message}</blockquote>
        </figure>
      ) : null}
      <dl className="mt-4 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {offer.hourly_pay !== null ? (
          <>
            <dt className="text-slate-600">{UI_TEXT.offerPayLabel}</dt>
            <dd className="text-slate-900">{UI_TEXT.offerHourlyPay(formatEuros(offer.hourly_pay))}</dd>
          </>
        ) : null}
        {period ? (
          <>
            <dt className="text-slate-600">{UI_TEXT.offerPeriodLabel}</dt>
            <dd className="text-slate-900">{hours ? `${period}, ${hours}` : period}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{INVITATION_TEXT.receivedOn}</dt>
        <dd className="text-slate-900">
          <time dateTime={invitation.created_at}>{formatDateTime(invitation.created_at)}</time>
        </dd>
        {waiting ? (
          <>
            <dt className="text-slate-600">{INVITATION_TEXT.answerBy}</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={invitation.expires_at}>{formatDateTime(invitation.expires_at)}</time>
            </dd>
          </>
        ) : null}
      </dl>
      {invitation.decline_reason ? (
        <div className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <p className="font-medium text-slate-700">{INVITATION_TEXT.yourReason}</p>
          <p className="mt-0.5 whitespace-pre-line break-words text-slate-900">{invitation.decline_reason}</p>
        </div>
      ) : null}
      {refusal ? (
        <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-medium">{refusal.message}</p>
          {refusal.explained ? <p className="mt-1">{refusal.explained}</p> : null}
        </div>
      ) : null}
      {waiting ? (
        <div className="mt-auto flex flex-wrap gap-3 pt-4 [&>button]:flex-1 sm:[&>button]:flex-none">
          <Button
            aria-haspopup="dialog"
            aria-describedby={titleId}
            disabled={!offer.is_open}
            onClick={(event) => onAnswer(invitation, 'accept', event.currentTarget)}
          >
            {INVITATION_TEXT.accept}
          </Button>
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            aria-describedby={titleId}
            onClick={(event) => onAnswer(invitation, 'decline', event.currentTarget)}
          >
            {INVITATION_TEXT.decline}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

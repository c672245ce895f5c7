/**
 * One of the owner's offers on /mie_offerte: what was published, its status and how many of its positions are filled,
 * its applications (a link to them), 'Modifica', 'Chiudi offerta' or 'Riapri', and 'Elimina'; for a shift published
 * with others, its series and 'Chiudi la serie'; for an open shift starting within 72 hours, 'Segna come urgente', and
 * once marked the pill 'Urgente' and how many pharmacists were told (decision 096).
 */
import type { TMyOffer } from '@farmaponte/shared';
import { romeInstant } from '@farmaponte/shared/dates';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { BULK_TEXT } from '@farmaponte/shared/ui-text-bulk-offers';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { URGENT_TEXT, URGENT_WINDOW_HOURS } from '@farmaponte/shared/urgent-shifts';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { LegalFormBadges } from '../../../components/legal-form-badges';
import { Button } from '../../../components/ui/button';
import { OfferStatusBadge } from '../../../components/ui/status-badge';
import { BADGE_CLASSES, URGENT_BADGE_CLASSES } from '../../../components/ui/status-badge-look';
import { textLinkClasses } from '../../../components/ui/text-link';
import { useMayWrite } from '../../../lib/api/get-organisation';
import { cn } from '../../../lib/cn';
import { offerPeriod } from '../../../lib/offer-period';
import { PATHS } from '../../../lib/paths';

interface TMyOfferCardProps {
  offer: TMyOffer;
  onEdit: (offer: TMyOffer, button: HTMLButtonElement) => void;
  onDelete: (offer: TMyOffer, button: HTMLButtonElement) => void;
  onClose: (offer: TMyOffer, button: HTMLButtonElement) => void;
  onReopen: (offer: TMyOffer) => void;
  /** 'Segna come urgente' (decision 096), shown while the shift may be marked. */
  onMarkUrgent: (offer: TMyOffer, button: HTMLButtonElement) => void;
  /** 'Riapri' of this offer is on its way. */
  reopening: boolean;
  onPreloadDialog: () => void;
  /** What the page adds under the offer (its invitations). */
  extra?: ReactNode;
  /** The offer's series (decision 090): how many shifts it holds, and 'Chiudi la serie' while one is left to close. */
  series?: { count: number; onClose?: (button: HTMLButtonElement) => void };
}

export function MyOfferCard({
  offer,
  onEdit,
  onDelete,
  onClose,
  onReopen,
  onMarkUrgent,
  reopening,
  onPreloadDialog,
  extra,
  series,
}: TMyOfferCardProps) {
  const titleId = useId();
  const period = offerPeriod(offer.date_from, offer.date_to);
  const filled = Math.min(offer.accepted_count, offer.positions);
  const mayWrite = useMayWrite();
  const markable = mayMarkUrgent(offer, Date.now());
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start sm:justify-between sm:p-6"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={titleId} className="break-words text-lg font-semibold text-slate-900">
            {offer.title}
          </h2>
          <OfferStatusBadge status={offer.status} className="text-sm" />
          {offer.urgent ? <span className={cn(BADGE_CLASSES, URGENT_BADGE_CLASSES, 'text-sm')}>{URGENT_TEXT.badge}</span> : null}
          <LegalFormBadges offer={offer} />
        </div>
        <div className="mt-2 flex items-center gap-3">
          <progress
            max={offer.positions}
            value={filled}
            aria-hidden="true"
            className="h-2 w-24 shrink-0 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-700"
          />
          <p className={cn('text-sm font-medium', filled >= offer.positions ? 'text-emerald-800' : 'text-slate-800')}>
            {OWNER_TEXT.offerPositionsFilled(filled, offer.positions)}
          </p>
        </div>
        {offer.urgent ? (
          <p className="mt-2 text-sm font-medium text-red-800">{URGENT_TEXT.reached(offer.urgent_reached)}</p>
        ) : null}
        <p className="mt-2 whitespace-pre-line break-words text-base text-slate-800">{offer.description}</p>
        <dl className="mt-3 flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {offer.salary ? (
            <div className="flex gap-1">
              <dt className="text-slate-600">{UI_TEXT.offerSalaryLabel}:</dt>
              <dd className="font-medium text-slate-900">{offer.salary}</dd>
            </div>
          ) : null}
          {period ? (
            <div>
              <dt className="sr-only">{UI_TEXT.offerPeriodLabel}</dt>
              <dd className="font-medium text-slate-900">{period}</dd>
            </div>
          ) : null}
          <div>
            <dt className="sr-only">{UI_TEXT.applicationsReceived}</dt>
            <dd className="inline-flex items-center gap-1.5">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-4 text-emerald-700"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" strokeLinecap="round" />
                <path d="M21 19v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8" strokeLinecap="round" />
              </svg>
              {offer.applications_count ? (
                <Link to={`${PATHS.applications}?offer_id=${offer.id}`} className={textLinkClasses}>
                  {OWNER_TEXT.offerApplicationsCount(offer.applications_count)}
                </Link>
              ) : (
                OWNER_TEXT.offerApplicationsCount(offer.applications_count)
              )}
            </dd>
          </div>
        </dl>
        {series ? (
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            <p>{BULK_TEXT.seriesOf(series.count)}</p>
            {series.onClose ? (
              <Button
                variant="ghost"
                aria-haspopup="dialog"
                aria-describedby={titleId}
                onClick={(event) => series.onClose?.(event.currentTarget)}
              >
                {BULK_TEXT.seriesClose}
              </Button>
            ) : null}
          </div>
        ) : null}
        {extra}
      </div>
      {/* A consultazione reads the offers (decision 089): no button the server would refuse. */}
      {mayWrite ? (
        <div className="grid shrink-0 grid-cols-2 gap-3 sm:flex sm:flex-col sm:items-stretch lg:flex-row">
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            aria-describedby={titleId}
            onPointerEnter={onPreloadDialog}
            onFocus={onPreloadDialog}
            onClick={(event) => onEdit(offer, event.currentTarget)}
          >
            {OWNER_TEXT.offerEdit}
          </Button>
          {offer.status === 'open' || offer.status === 'filled' ? (
            <Button
              variant="secondary"
              aria-haspopup="dialog"
              aria-describedby={titleId}
              onClick={(event) => onClose(offer, event.currentTarget)}
            >
              {OWNER_TEXT.offerCloseButton}
            </Button>
          ) : offer.status === 'closed' ? (
            <Button variant="secondary" aria-describedby={titleId} loading={reopening} onClick={() => onReopen(offer)}>
              {OWNER_TEXT.offerReopenButton}
            </Button>
          ) : null}
          {markable ? (
            <Button
              variant="secondary"
              aria-haspopup="dialog"
              aria-describedby={titleId}
              onClick={(event) => onMarkUrgent(offer, event.currentTarget)}
            >
              {URGENT_TEXT.markButton}
            </Button>
          ) : null}
          <Button
            variant="danger"
            aria-haspopup="dialog"
            aria-describedby={titleId}
            // Third of three on a phone: the whole row, not half of one.
            className={offer.status === 'expired' || markable ? undefined : 'col-span-2 sm:col-span-1'}
            onClick={(event) => onDelete(offer, event.currentTarget)}
          >
            {UI_TEXT.offerDelete}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/**
 * Whether 'Segna come urgente' is offered (the server checks it again): an open shift not marked yet whose first day
 * starts (its start time, else midnight, in Rome) after now and within URGENT_WINDOW_HOURS.
 */
export function mayMarkUrgent(offer: TMyOffer, now: number): boolean {
  if (offer.status !== 'open' || offer.urgent || offer.urgent_reached > 0 || !offer.date_from) return false;
  const start = romeInstant(offer.date_from, offer.start_time ?? '00:00');
  return start > now && start - now <= URGENT_WINDOW_HOURS * 3_600_000;
}

/**
 * The offers of /cerca_offerte as collapsible rows (docs/product.md#search-offers): one page of the search (20 rows,
 * docs/decisions/037), or the offers of one place chosen on the map. One row is expanded at a time.
 */
import type { TApplicationStatus, TOfferSearchResult } from '@farmaponte/shared';
import { offerPharmacyLine } from '@farmaponte/shared/offer-pharmacy';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { memo } from 'react';
import { Link } from 'react-router';
import { LegalFormBadges } from '../../../components/legal-form-badges';
import { ReportButton } from '../../../components/report-button';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ApplicationStatusBadge } from '../../../components/ui/status-badge';
import { BADGE_CLASSES, URGENT_BADGE_CLASSES } from '../../../components/ui/status-badge-look';
import { cn } from '../../../lib/cn';
import { legalFormText } from '../../../lib/legal-form-text';
import { formatEuros, formatKilometres } from '../../../lib/numbers';
import { offerPeriod } from '../../../lib/offer-period';
import { offerTotalText } from '../../../lib/offer-total';
import { PATHS, publicOfferPath } from '../../../lib/paths';
import { OFFER_ROW_CLASSES, OFFER_ROW_DRAWINGS } from '../lib/offer-row-look';

interface TOfferSearchListProps {
  offers: readonly TOfferSearchResult[];
  expandedId: number | null;
  onToggle: (offerId: number) => void;
  /** 'Manda CV' is shown only to pharmacists. */
  canApply: boolean;
  onApply: (offer: TOfferSearchResult) => void;
  applyingId: number | null;
  /** The status of the pharmacist's application to an offer, or null when they have not applied. */
  statusOf: (offer: TOfferSearchResult) => TApplicationStatus | null;
  /** The rows are behind what was asked (a new page or search on its way). */
  stale: boolean;
  /** 'Mostra sulla mappa' (phones, where the map sits above the list). */
  onShowOnMap: () => void;
}

/** The id of a row's button: the page focuses it after a new page, or a marker's offers, has arrived. */
export const rowButtonId = (offerId: number) => `offerta-${offerId}`;

export function OfferSearchList({
  offers,
  expandedId,
  onToggle,
  canApply,
  onApply,
  applyingId,
  statusOf,
  stale,
  onShowOnMap,
}: TOfferSearchListProps) {
  return (
    <ul aria-busy={stale} className={OFFER_ROW_CLASSES.list(stale)}>
      {offers.map((offer) => (
        <li key={offer.id}>
          <OfferRow
            offer={offer}
            expanded={offer.id === expandedId}
            onToggle={onToggle}
            canApply={canApply}
            onApply={onApply}
            applying={applyingId === offer.id}
            applicationStatus={statusOf(offer)}
            onShowOnMap={onShowOnMap}
          />
        </li>
      ))}
    </ul>
  );
}

interface TOfferRowProps {
  offer: TOfferSearchResult;
  expanded: boolean;
  onToggle: (offerId: number) => void;
  canApply: boolean;
  onApply: (offer: TOfferSearchResult) => void;
  applying: boolean;
  /** The pharmacist's application to this offer, if any: its status replaces 'Manda CV' (until withdrawn). */
  applicationStatus: TApplicationStatus | null;
  onShowOnMap: () => void;
}

/** Memoised: expanding one row or a new status does not render the others again. */
const OfferRow = memo(function OfferRow({
  offer,
  expanded,
  onToggle,
  canApply,
  onApply,
  applying,
  applicationStatus,
  onShowOnMap,
}: TOfferRowProps) {
  const buttonId = rowButtonId(offer.id);
  const panelId = `${buttonId}-dettagli`;
  const period = offerPeriod(offer.date_from, offer.date_to);
  const onMap = offer.lat !== null && offer.lng !== null;
  const total = offerTotalText(offer);
  return (
    <div className={OFFER_ROW_CLASSES.box(expanded)}>
      <h2>
        <button
          id={buttonId}
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? panelId : undefined}
          onClick={() => onToggle(offer.id)}
          className={OFFER_ROW_CLASSES.button(expanded)}
        >
          <svg aria-hidden="true" viewBox="0 0 25 41" className={OFFER_ROW_CLASSES.pin(onMap, expanded)}>
            <path d={OFFER_ROW_DRAWINGS.pin} />
            <circle cx="12.5" cy="12.5" r="4.5" fill="#fff" />
          </svg>
          <span className={OFFER_ROW_CLASSES.text}>
            {offer.urgent ? (
              <span className={cn(BADGE_CLASSES, URGENT_BADGE_CLASSES, OFFER_ROW_CLASSES.urgent)}>{UI_TEXT.urgentBadge}</span>
            ) : null}
            <span className={OFFER_ROW_CLASSES.title}>{offer.title}</span>
            <span className={OFFER_ROW_CLASSES.pharmacy}>{offerPharmacyLine(offer)}</span>
            {offer.pharmacy_rating?.count && offer.pharmacy_rating.average !== null ? (
              <span className={OFFER_ROW_CLASSES.rating}>
                {UI_TEXT.offerRating(offer.pharmacy_rating.average, offer.pharmacy_rating.count)}
              </span>
            ) : null}
            <span className={OFFER_ROW_CLASSES.facts}>
              {period ? <span>{period}</span> : null}
              {offer.hourly_pay !== null ? (
                <span className={OFFER_ROW_CLASSES.pay}>{UI_TEXT.offerHourlyPay(formatEuros(offer.hourly_pay))}</span>
              ) : null}
              {total ? <span className={OFFER_ROW_CLASSES.total}>{total}</span> : null}
              {offer.distance_km != null ? <span>{UI_TEXT.offerDistance(formatKilometres(offer.distance_km))}</span> : null}
            </span>
            <LegalFormBadges offer={offer} className={OFFER_ROW_CLASSES.legalForms} />
            {applicationStatus ? (
              <ApplicationStatusBadge
                status={applicationStatus}
                prefix={UI_TEXT.applicationStatusOnSearch}
                className={OFFER_ROW_CLASSES.badge}
              />
            ) : null}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={OFFER_ROW_CLASSES.chevron(expanded)}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d={OFFER_ROW_DRAWINGS.chevron} strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h2>
      {expanded ? (
        <section id={panelId} aria-labelledby={buttonId} className="px-4 pb-4 pl-11">
          <dl className="grid gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2">
            <Detail label={UI_TEXT.offerComuneLabel} value={offer.comune_farmacia} />
            <Detail label={UI_TEXT.offerTitleShortLabel} value={offer.title} />
            <Detail label={UI_TEXT.offerDescriptionLabel} value={offer.description} multiline />
            {offer.hourly_pay !== null ? (
              <Detail label={UI_TEXT.offerPayLabel} value={UI_TEXT.offerHourlyPay(formatEuros(offer.hourly_pay))} />
            ) : null}
            {offer.salary ? <Detail label={UI_TEXT.offerSalaryNoteLabel} value={offer.salary} /> : null}
            {period ? <Detail label={UI_TEXT.offerPeriodLabel} value={period} /> : null}
            {offer.start_time && offer.end_time ? (
              <Detail label={UI_TEXT.offerHoursLabel} value={UI_TEXT.offerDailyHours(offer.start_time, offer.end_time)} />
            ) : null}
            <Detail label={ENGAGEMENT_TEXT.legalFormLabel} value={legalFormText(offer)} />
          </dl>
          <Link
            to={publicOfferPath(offer.id)}
            className="mt-3 inline-block text-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            {UI_TEXT.offerOpenPage}
          </Link>
          {onMap ? (
            <button
              type="button"
              onClick={onShowOnMap}
              className="ml-4 mt-3 inline-block text-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-700 lg:hidden"
            >
              {UI_TEXT.offerShowOnMap}
            </button>
          ) : null}
          <ReportButton targetType="offer" targetId={offer.id} name={offer.title} className={REPORT_LINK} />
          {!canApply ? null : applicationStatus && applicationStatus !== 'withdrawn' ? (
            <div className="mt-4 flex flex-col items-start gap-2">
              <p className="text-sm text-slate-800">{UI_TEXT.applicationStatusExplained[applicationStatus]}</p>
              <ButtonLink to={PATHS.myApplications} variant="secondary" className="w-full sm:w-auto">
                {UI_TEXT.myApplications}
              </ButtonLink>
            </div>
          ) : (
            <Button className="mt-4 w-full sm:w-auto" loading={applying} onClick={() => onApply(offer)}>
              {applicationStatus === 'withdrawn' ? UI_TEXT.applicationSendAgain : UI_TEXT.sendCv}
            </Button>
          )}
        </section>
      ) : null}
    </div>
  );
});

const REPORT_LINK =
  'ml-4 mt-3 inline-flex items-center gap-1 text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-emerald-700';

function Detail({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className={cn('mb-2 min-w-0 break-words text-slate-900 sm:mb-0', multiline && 'whitespace-pre-line')}>
        {value || UI_TEXT.notAvailable}
      </dd>
    </>
  );
}

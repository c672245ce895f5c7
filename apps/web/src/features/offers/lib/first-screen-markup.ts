/**
 * /cerca_offerte's first screen as HTML (decision 057): the page's card, the map's box still loading and the list's
 * first page, drawn by the page's first script from the list's first answer before the app's code has arrived. The
 * rows are the markup React renders for them (offer-search-list.tsx; a test compares the two), so the app's page
 * replaces this screen without a jump. No React here: this runs inline in the HTML.
 */
import type { TApplicationStatus, TOfferSearchPage, TOfferSearchResult } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { offerPharmacyLine } from '@farmaponte/shared/offer-pharmacy';
import { FIRST_SCREEN_TEXT as TEXT } from '@farmaponte/shared/ui-text-first-screen';
import { LEGAL_FORM_PILLS } from '@farmaponte/shared/ui-text-legal-form-pills';
import {
  APPLICATION_TONES,
  BADGE_CLASSES,
  LEGAL_FORM_ROW_CLASSES,
  LEGAL_FORM_TONES,
  TONES,
  URGENT_BADGE_CLASSES,
} from '../../../components/ui/status-badge-look';
import { cn } from '../../../lib/cn';
import { legalFormsOf } from '../../../lib/legal-forms';
import { formatEuros, formatKilometres } from '../../../lib/numbers';
import { offerPeriod } from '../../../lib/offer-period';
import { offerTotalText } from '../../../lib/offer-total';
import { OFFER_ROW_DRAWINGS, SEARCH_PAGE_CLASSES as PAGE, OFFER_ROW_CLASSES as ROW } from './offer-row-look';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Text and attribute values escaped as React escapes them. */
export const escapeHtml = (value: string | number) => String(value).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

function statusBadge(status: TApplicationStatus): string {
  const name = TEXT.applicationStatusNames[status];
  const classes = cn(BADGE_CLASSES, TONES[APPLICATION_TONES[status]], ROW.badge);
  return `<span class="${classes}">${escapeHtml(TEXT.applicationStatusOnSearch(name))}</span>`;
}

/** The offer's legal forms as LegalFormBadges renders them (decision 093). */
function legalFormBadges(offer: TOfferSearchResult): string {
  const badges = legalFormsOf(offer).map(
    (form) => `<span class="${cn(BADGE_CLASSES, LEGAL_FORM_TONES[form])}">${escapeHtml(LEGAL_FORM_PILLS[form])}</span>`,
  );
  return `<span class="${cn(LEGAL_FORM_ROW_CLASSES, ROW.legalForms)}">${badges.join('')}</span>`;
}

/** One collapsed row, as OfferSearchList renders it. */
function offerRow(offer: TOfferSearchResult): string {
  const period = offerPeriod(offer.date_from, offer.date_to);
  const onMap = offer.lat !== null && offer.lng !== null;
  const total = offerTotalText(offer);
  const facts = [
    period ? `<span>${escapeHtml(period)}</span>` : '',
    offer.hourly_pay !== null
      ? `<span class="${ROW.pay}">${escapeHtml(TEXT.offerHourlyPay(formatEuros(offer.hourly_pay)))}</span>`
      : '',
    total ? `<span class="${ROW.total}">${escapeHtml(total)}</span>` : '',
    offer.distance_km != null ? `<span>${escapeHtml(TEXT.offerDistance(formatKilometres(offer.distance_km)))}</span>` : '',
  ].join('');
  const status = offer.my_application_status ?? null;
  return (
    `<li><div class="${ROW.box(false)}"><h2><button id="offerta-${escapeHtml(offer.id)}" type="button" aria-expanded="false" class="${ROW.button(false)}">` +
    `<svg aria-hidden="true" viewBox="0 0 25 41" class="${ROW.pin(onMap, false)}"><path d="${OFFER_ROW_DRAWINGS.pin}"></path><circle cx="12.5" cy="12.5" r="4.5" fill="#fff"></circle></svg>` +
    `<span class="${ROW.text}">` +
    (offer.urgent
      ? `<span class="${cn(BADGE_CLASSES, URGENT_BADGE_CLASSES, ROW.urgent)}">${escapeHtml(TEXT.urgentBadge)}</span>`
      : '') +
    `<span class="${ROW.title}">${escapeHtml(offer.title)}</span>` +
    `<span class="${ROW.pharmacy}">${escapeHtml(offerPharmacyLine(offer))}</span>` +
    (offer.pharmacy_rating?.count && offer.pharmacy_rating.average !== null
      ? `<span class="${ROW.rating}">${escapeHtml(TEXT.offerRating(offer.pharmacy_rating.average, offer.pharmacy_rating.count))}</span>`
      : '') +
    `<span class="${ROW.facts}">${facts}</span>${legalFormBadges(offer)}${status ? statusBadge(status) : ''}</span>` +
    `<svg aria-hidden="true" viewBox="0 0 24 24" class="${ROW.chevron(false)}" fill="none" stroke="currentColor" stroke-width="2"><path d="${OFFER_ROW_DRAWINGS.chevron}" stroke-linecap="round" stroke-linejoin="round"></path></svg>` +
    '</button></h2></div></li>'
  );
}

/** The list's rows, all collapsed, as OfferSearchList renders them before anything is chosen. */
export function offerRowsHtml(offers: readonly TOfferSearchResult[]): string {
  return `<ul aria-busy="false" class="${ROW.list(false)}">${offers.map(offerRow).join('')}</ul>`;
}

/**
 * The rows drawn before the app: a phone shows one or two below the map, a desktop about five beside it. Fewer rows,
 * a shorter task while the page loads; the app adds the rest of the page below them.
 */
export const FIRST_SCREEN_ROWS = 10;

/** A grey box where a control will be once the app has come (the same size, so nothing moves). */
const placeholder = (classes: string) => `<div aria-hidden="true" class="${cn('rounded-lg bg-slate-100', classes)}"></div>`;

/**
 * The page below the header: the card (title, where the search box, 'Filtri' and the sort will be, the saved searches'
 * buttons for a pharmacist, the count found), the map's box with its spinner, and the list's first rows. An empty page draws
 * nothing (its message depends on the filters: the app says it).
 */
export function searchFirstScreenHtml(answer: TOfferSearchPage, page: number, pharmacist: boolean): string {
  const pages = Math.max(1, Math.ceil(answer.count / LIMITS.offerSearchPageSize));
  const found =
    pages > 1 ? `${TEXT.offersFound(answer.count)} · ${TEXT.searchPageStatus(page, pages)}` : TEXT.offersFound(answer.count);
  const spinner =
    `<span role="status" aria-label="${escapeHtml(TEXT.loading)}" class="inline-flex items-center justify-center text-emerald-700">` +
    '<svg aria-hidden="true" viewBox="0 0 24 24" fill="none" class="animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite] size-10">' +
    '<circle cx="12" cy="12" r="9" stroke="currentColor" stroke-opacity="0.25" stroke-width="3"></circle>' +
    '<path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" stroke-width="3" stroke-linecap="round"></path></svg></span>';
  return (
    `<div class="${PAGE.grid}"><div class="${PAGE.card}"><h1 class="${PAGE.title}">${escapeHtml(TEXT.searchOffersTitle)}</h1>` +
    placeholder('mt-3 h-11') +
    `<div class="mt-3 flex items-end gap-3">${placeholder('h-11 w-28')}${placeholder('ml-auto h-[4.25rem] w-32')}</div>` +
    (pharmacist ? placeholder('mt-3 h-11') : '') +
    `<p role="status" class="${PAGE.status}">${escapeHtml(found)}</p></div>` +
    `<div class="${PAGE.mapBox}"><div class="${PAGE.mapSpinner}">${spinner}</div></div>` +
    `<div class="${PAGE.listBox}"><div class="${PAGE.scroller}">${offerRowsHtml(answer.results.slice(0, FIRST_SCREEN_ROWS))}</div></div></div>`
  );
}

/** An offer in one line, for what leaves the site: a link preview, an alert e-mail (decision 026). */
import { formatDate } from './dates';
import { CCNL, ccnlLevelLabel, LEGAL_FORM_LABELS, type TLegalForm } from './engagement';
import { OFFER_PAGE_TEXT } from './messages';

/** 20.5 → "20,50 €/ora". */
export function formatHourlyPay(pay: number): string {
  return OFFER_PAGE_TEXT.payPerHour(pay.toFixed(2).replace('.', ','));
}

/** "il 31/12/2026", "dal 01/12/2026 al 03/12/2026", "dal 01/12/2026", "date da concordare". */
export function formatOfferDays(dateFrom: string | null, dateTo: string | null): string {
  if (dateFrom && dateTo)
    return dateFrom === dateTo
      ? OFFER_PAGE_TEXT.oneDay(formatDate(dateFrom))
      : OFFER_PAGE_TEXT.fromTo(formatDate(dateFrom), formatDate(dateTo));
  if (dateFrom) return OFFER_PAGE_TEXT.fromOnly(formatDate(dateFrom));
  if (dateTo) return OFFER_PAGE_TEXT.untilOnly(formatDate(dateTo));
  return OFFER_PAGE_TEXT.noDates;
}

/** "Farmacia Colombo, Milano · dal 01/12/2026 al 03/12/2026 · 20,00 €/ora". */
export function describeOffer(offer: {
  denominazione_farmacia: string;
  comune_farmacia: string;
  date_from: string | null;
  date_to: string | null;
  hourly_pay: number | null;
}): string {
  const place = [offer.denominazione_farmacia, offer.comune_farmacia].filter(Boolean).join(', ');
  const pay = offer.hourly_pay == null ? [] : [formatHourlyPay(offer.hourly_pay)];
  return [place, formatOfferDays(offer.date_from, offer.date_to), ...pay].filter(Boolean).join(' · ');
}

/**
 * Under which legal forms a shift may be worked, in words (decision 093): "Lavoro dipendente a tempo determinato (CCNL
 * per i dipendenti da farmacia privata, Primo livello – Farmacista collaboratore) oppure Libera professione (partita
 * IVA)".
 */
export const LEGAL_TERMS_LABEL = 'Forma di lavoro';

export function describeLegalTerms(legalForms: readonly TLegalForm[], ccnlLevel: string | null): string {
  return legalForms
    .map((form) => {
      const level = form === 'dipendente' ? ccnlLevelLabel(ccnlLevel) : '';
      return level ? `${LEGAL_FORM_LABELS[form]} (${CCNL.name}, ${level})` : LEGAL_FORM_LABELS[form];
    })
    .join(' oppure ');
}

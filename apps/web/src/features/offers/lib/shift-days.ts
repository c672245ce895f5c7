/**
 * 'Pubblica più turni' as plain functions (decision 090): the days picked on the calendar, a weekly rule added to
 * them (the days of `weeklyRuleDays`, which the server counts the same way), the template's values from the pharmacy's
 * settings, and the request the page sends.
 */
import type { TMyOffer } from '@farmaponte/shared';
import { type TWeeklyRule, weeklyRuleDays } from '@farmaponte/shared/bulk-offers';
import { AVAILABILITY_TEXT } from '@farmaponte/shared/ui-text-availability';
import { BULK_TEXT } from '@farmaponte/shared/ui-text-bulk-offers';
import { weekdayIndex } from '../../../lib/month-calendar';

/** The template as the form holds it: text, '' for a field left to the pharmacy's settings. */
export interface TShiftTemplateValues {
  title: string;
  description: string;
  hourly_pay: string;
  start_time: string;
  end_time: string;
  positions: string;
}

/** A pharmacy's settings as GET /api/organisation/pharmacies/{id}/settings/ answers them. */
export interface TPharmacyDefaults {
  start_time: string | null;
  end_time: string | null;
  hourly_pay: number | null;
  positions: number | null;
  note: string;
}

/** The form's first values: the pharmacy's settings when known (its note as the description), else empty. */
export function templateFromSettings(settings?: TPharmacyDefaults | null): TShiftTemplateValues {
  return {
    title: '',
    description: settings?.note ?? '',
    hourly_pay: settings?.hourly_pay == null ? '' : String(settings.hourly_pay).replace('.', ','),
    start_time: settings?.start_time ?? '',
    end_time: settings?.end_time ?? '',
    positions: settings?.positions == null ? '' : String(settings.positions),
  };
}

/** A day tapped: taken off when picked, picked otherwise; the days stay in order. */
export function toggleShiftDay(days: readonly string[], date: string): string[] {
  return days.includes(date) ? days.filter((day) => day !== date) : [...days, date].sort();
}

/** A weekly rule's days (from `today` on) added to those picked, and how many were new. */
export function addRuleDays(days: readonly string[], rule: TWeeklyRule, today: string): { days: string[]; added: number } {
  const picked = new Set(days);
  const fresh = weeklyRuleDays(rule).filter((day) => day >= today && !picked.has(day));
  return { days: [...days, ...fresh].sort(), added: fresh.length };
}

/** The body of POST /api/offers/bulk/: the fields written (the empty ones are the pharmacy's settings) and the days. */
export function bulkRequestOf(values: TShiftTemplateValues, days: readonly string[]): Record<string, unknown> {
  const written = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
  return { ...written, dates: [...days] };
}

/** A day as the calendar's button says it: "sabato 5 dicembre 2026", and whether it is picked. */
export function shiftDayLabel(date: string, picked: boolean): string {
  return BULK_TEXT.dayLabel(
    AVAILABILITY_TEXT.weekdayNames[weekdayIndex(date)] ?? '',
    Number(date.slice(8, 10)),
    AVAILABILITY_TEXT.monthNames[Number(date.slice(5, 7)) - 1] ?? '',
    Number(date.slice(0, 4)),
    picked,
  );
}

/** The weekdays of the rule's choice, Monday first as the calendar shows them, with the number the API takes (0 domenica). */
export const RULE_WEEKDAYS: readonly { value: number; label: string }[] = AVAILABILITY_TEXT.weekdayNames.map((label, index) => ({
  value: (index + 1) % 7,
  label,
}));

/**
 * The series of the owner's list: how many of its shifts it holds, and whether one is still open or filled (what
 * 'Chiudi la serie' would close: the server closes those neither closed nor past).
 */
export function seriesOf(offers: readonly TMyOffer[]): Map<string, { count: number; closable: boolean }> {
  const series = new Map<string, { count: number; closable: boolean }>();
  for (const offer of offers) {
    if (!offer.series_id) continue;
    const current = series.get(offer.series_id) ?? { count: 0, closable: false };
    const live = offer.status === 'open' || offer.status === 'filled' || offer.status === 'pending_verification';
    series.set(offer.series_id, { count: current.count + 1, closable: current.closable || live });
  }
  return series;
}

/**
 * A shift's pay worked out hour by hour from the rules in pay-rules.ts (docs/decisions/094-pay-as-agreed.md): the same
 * code on the offer form, the apply dialog, the contract, the worked-shift statement, the export and the totals the
 * search sorts by (stored when the offer is written). Amounts are euros; each line's hourly rate is rounded to the
 * cent, its amount is hours × rate rounded to the cent, and a total is the sum of its lines.
 */

import { addDays } from './dates';
import { inForce, type TCcnlLevel, type TLegalForm } from './engagement';
import {
  CCNL_PAY_TABLES,
  HOLIDAY_SUPPLEMENTS,
  NATIONAL_HOLIDAYS,
  NIGHT_SUPPLEMENTS,
  PATRON_SAINTS,
  SUNDAY_SUPPLEMENTS,
  type TNightService,
  TRAVEL_ESTIMATE,
} from './pay-rules';
import { easterSunday } from './working-days';

export const roundCents = (euros: number) => Math.round((euros + Number.EPSILON) * 100) / 100;

/** An hourly rate with a supplement, to the cent, half up, in whole cents and whole percents (11,39 + 20% = 13,67). */
export function withSupplement(hourly: number, supplement: number): number {
  return Math.round((Math.round(hourly * 100) * Math.round(100 + supplement * 100)) / 100) / 100;
}

/** Minutes at an hourly rate, to the cent, half up, in whole cents (270 minutes at 12,53 = 56,39). */
export function amountFor(minutes: number, rate: number): number {
  return Math.round((Math.round(rate * 100) * minutes) / 60) / 100;
}

/** The CCNL's gross hourly minimum of a level on a day: the table's monthly pay ÷ 173, to the cent; null before any table. */
export function ccnlHourly(level: TCcnlLevel, day: string): number | null {
  const table = inForce(CCNL_PAY_TABLES, day);
  if (!table) return null;
  const row = table.levels[level];
  return roundCents((row.minimo + row.contingenza + row.edr + row.indennitaQuadri) / table.monthlyDivisor);
}

/** The patron saint of a comune (by ISTAT code) where the product knows it, with its day (MM-DD). */
export function patronSaintOf(istat: string | null | undefined, day: string) {
  if (!istat) return undefined;
  return inForce(PATRON_SAINTS, day)?.comuni.find((c) => c.istat === istat);
}

/** Why a day is a holiday of the contract in a comune, or null: 'Natale', 'Festa patronale (Sant'Ambrogio)'… */
export function holidayOf(day: string, istat?: string | null, extraHolidays: readonly string[] = []): string | null {
  const rule = inForce(NATIONAL_HOLIDAYS, day);
  const monthDay = day.slice(5);
  if (rule && (rule.days as readonly string[]).includes(monthDay)) return HOLIDAY_NAMES[monthDay] ?? 'Festività nazionale';
  if (rule?.easterMonday && day === addDays(easterSunday(Number(day.slice(0, 4))), 1)) return 'Lunedì dell’Angelo';
  const patron = patronSaintOf(istat, day);
  if (patron && patron.day === monthDay) return `Festa patronale (${patron.saint})`;
  if (extraHolidays.includes(day)) return 'Festività locale indicata dalla farmacia';
  return null;
}

const HOLIDAY_NAMES: Record<string, string> = {
  '01-01': 'Capodanno',
  '01-06': 'Epifania',
  '04-25': 'Festa della Liberazione',
  '05-01': 'Festa dei lavoratori',
  '06-02': 'Festa della Repubblica',
  '08-15': 'Assunzione',
  '10-04': "San Francesco d'Assisi",
  '11-01': 'Ognissanti',
  '12-08': 'Immacolata Concezione',
  '12-25': 'Natale',
  '12-26': 'Santo Stefano',
};

export const isSunday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay() === 0;

/** What a shift is paid under: the legal form, the hourly pay (gross for an employee, the fee for a freelancer) and the rest. */
export type TPayTerms = {
  legal_form: TLegalForm;
  /** The CCNL level of an employee engagement (its minimum is the floor of the like-with-like check). */
  ccnl_level: TCcnlLevel | null;
  /** Euros an hour: the employee's gross hourly pay or the freelancer's fee; null: the level's minimum (employees). */
  hourly: number | null;
  night_service: TNightService | null;
  /** From when (HH:MM) the shift is night service; null: all of it, when `night_service` is set. */
  night_from: string | null;
  /** A freelancer's fee for night hours and for Sundays and holidays, euros an hour; null: the ordinary fee. */
  night_fee: number | null;
  holiday_fee: number | null;
  /** Days the pharmacy marks as holidays of its place (a patron saint the product does not know). */
  extra_holidays: readonly string[];
};

/** One working day of a shift: its day and hours. Night service may end after midnight (end ≤ start: the next morning). */
export type TShiftDay = { day: string; start: string | null; end: string | null };

export type TPayLineKind = 'ordinaria' | 'notte' | 'notte_oltre' | 'domenica' | 'festivo';

/** Hours of one day paid at one rate. */
export type TPayLine = {
  /** The calendar day the hours fall on (a night's hours after midnight fall on the next day). */
  day: string;
  from: string;
  to: string;
  minutes: number;
  kind: TPayLineKind;
  /** What makes these hours different: 'Notte, prime 8 ore (battenti aperti)', 'Festa patronale (Sant'Ambrogio)'… */
  label: string;
  /** The supplement over the hourly pay (0.2 for +20%); 0 for ordinary hours and for a freelancer's own rates. */
  supplement: number;
  /** Euros an hour for these hours, to the cent. */
  rate: number;
  /** The least an employee at the level gets for these hours (minimum × (1 + the contract's supplement)). */
  minimum: number | null;
  amount: number;
};

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The minutes a day's hours run for (an overnight night service ends the next morning); 0 without hours. */
export function shiftMinutes(start: string | null, end: string | null, nightService: TNightService | null): number {
  if (!start || !end) return 0;
  const from = minutesOf(start);
  let to = minutesOf(end);
  if (to <= from && nightService) to += 24 * 60;
  return Math.max(0, to - from);
}

type TMinute = {
  day: string;
  minuteOfDay: number;
  kind: TPayLineKind;
  label: string;
  supplement: number;
  rate: number;
  minimum: number | null;
};

/** The kind, label, supplement and rate of one minute of a shift. */
type TDayInfo = {
  tableHourly: number | null;
  holiday: string | null;
  sunday: boolean;
  nightRule: (typeof NIGHT_SUPPLEMENTS)[number] | undefined;
  sundayRule: (typeof SUNDAY_SUPPLEMENTS)[number] | undefined;
  holidayRule: (typeof HOLIDAY_SUPPLEMENTS)[number] | undefined;
};

function dayInfoOf(terms: TPayTerms, day: string, istat: string | null | undefined): TDayInfo {
  return {
    tableHourly: ccnlHourly(terms.ccnl_level ?? '1', day),
    holiday: holidayOf(day, istat, terms.extra_holidays),
    sunday: isSunday(day),
    nightRule: inForce(NIGHT_SUPPLEMENTS, day),
    sundayRule: inForce(SUNDAY_SUPPLEMENTS, day),
    holidayRule: inForce(HOLIDAY_SUPPLEMENTS, day),
  };
}

function minuteTerms(
  terms: TPayTerms,
  info: TDayInfo,
  night: { isNight: boolean; nightMinute: number },
  sundayMinute: number,
): Omit<TMinute, 'day' | 'minuteOfDay'> {
  const { tableHourly, holiday, nightRule, sundayRule, holidayRule } = info;
  const base = terms.hourly ?? tableHourly ?? 0;
  const candidates: { kind: TPayLineKind; label: string; supplement: number }[] = [
    { kind: 'ordinaria', label: 'Ore ordinarie', supplement: 0 },
  ];
  if (night.isNight && terms.night_service && nightRule) {
    const rates = nightRule.rates[terms.night_service];
    const first = night.nightMinute < nightRule.firstHours * 60;
    const kindLabel = terms.night_service === 'battenti_aperti' ? 'battenti aperti' : 'battenti chiusi';
    candidates.push({
      kind: first ? 'notte' : 'notte_oltre',
      label: first
        ? `Notte, prime ${nightRule.firstHours} ore (${kindLabel})`
        : `Notte, oltre le ${nightRule.firstHours} ore (${kindLabel})`,
      supplement: first ? rates.first : rates.after,
    });
  }
  if (info.sunday && sundayRule && sundayMinute < sundayRule.maxHours * 60)
    candidates.push({ kind: 'domenica', label: 'Domenica', supplement: sundayRule.rate });
  if (holiday && holidayRule) candidates.push({ kind: 'festivo', label: holiday, supplement: holidayRule.rate });
  // The contract's supplements do not add up: each hour gets the highest (a later one wins a tie, the more specific).
  const best = candidates.reduce((a, b) => (b.supplement >= a.supplement ? b : a));
  const minimum = tableHourly === null ? null : withSupplement(tableHourly, best.supplement);
  if (terms.legal_form === 'dipendente') return { ...best, rate: withSupplement(base, best.supplement), minimum };
  // A freelancer's own rates: the holiday fee on Sundays and holidays, the night fee at night, the higher of what applies.
  const festive = best.kind === 'festivo' || candidates.some((c) => c.kind === 'domenica' || c.kind === 'festivo');
  const options = [{ rate: base, kind: 'ordinaria' as TPayLineKind, label: 'Ore ordinarie' }];
  if (festive && terms.holiday_fee !== null) {
    const festiveCandidate = candidates.find((c) => c.kind === 'festivo') ?? candidates.find((c) => c.kind === 'domenica');
    if (festiveCandidate) options.push({ rate: terms.holiday_fee, kind: festiveCandidate.kind, label: festiveCandidate.label });
  }
  const nightCandidate = candidates.find((c) => c.kind === 'notte' || c.kind === 'notte_oltre');
  if (nightCandidate && terms.night_fee !== null)
    options.push({ rate: terms.night_fee, kind: nightCandidate.kind, label: nightCandidate.label });
  const chosen = options.reduce((a, b) => (b.rate > a.rate ? b : a));
  return { kind: chosen.kind, label: chosen.label, supplement: 0, rate: roundCents(chosen.rate), minimum };
}

/**
 * Every hour of the shift's days, grouped in lines of one day and one rate, in order. `istat` is the pharmacy's comune,
 * for its patron saint.
 */
export function payLines(terms: TPayTerms, days: readonly TShiftDay[], istat?: string | null): TPayLine[] {
  const lines: TPayLine[] = [];
  const sundayMinutes = new Map<string, number>();
  const infos = new Map<string, TDayInfo>();
  const infoOf = (day: string) => {
    const known = infos.get(day);
    if (known) return known;
    const info = dayInfoOf(terms, day, istat);
    infos.set(day, info);
    return info;
  };
  for (const shift of days) {
    const length = shiftMinutes(shift.start, shift.end, terms.night_service);
    if (!shift.start || length === 0) continue;
    const startMinute = minutesOf(shift.start);
    const nightFrom = terms.night_service ? (terms.night_from ? minutesOf(terms.night_from) : startMinute) : null;
    // The night starts at night_from on the shift's first day (or the next morning's hour, if written before the start).
    const nightStart = nightFrom === null ? null : nightFrom >= startMinute ? nightFrom : nightFrom + 24 * 60;
    let current: TPayLine | null = null;
    // Minutes of the same day, night part and Sunday allowance are paid alike: the loop walks runs of such minutes, up
    // to the next midnight, start of the night, end of its first hours or end of the Sunday allowance (an offer of a
    // year is some 300,000 minutes but a few hundred runs; a month of worked shifts is listed on every page load).
    const dayOf = [shift.day];
    const termsOf = new Map<string, ReturnType<typeof minuteTerms>>();
    for (let offset = 0; offset < length; ) {
      const absolute = startMinute + offset;
      const dayIndex = Math.floor(absolute / (24 * 60));
      dayOf[dayIndex] ??= addDays(shift.day, dayIndex);
      const day = dayOf[dayIndex] as string;
      const minuteOfDay = absolute % (24 * 60);
      const isNight = nightStart !== null && absolute >= nightStart;
      const info = infoOf(day);
      const sundayMinute = sundayMinutes.get(day) ?? 0;
      const nightMinute = nightStart === null ? 0 : absolute - nightStart;
      const firstNight = isNight && info.nightRule ? nightMinute < info.nightRule.firstHours * 60 : false;
      const sundayHour = info.sunday && info.sundayRule ? sundayMinute < info.sundayRule.maxHours * 60 : false;
      let run = Math.min(length - offset, 24 * 60 - minuteOfDay);
      if (nightStart !== null && !isNight) run = Math.min(run, nightStart - absolute);
      if (firstNight && info.nightRule) run = Math.min(run, info.nightRule.firstHours * 60 - nightMinute);
      if (sundayHour && info.sundayRule) run = Math.min(run, info.sundayRule.maxHours * 60 - sundayMinute);
      if (info.sunday) sundayMinutes.set(day, sundayMinute + run);
      const key = `${day}|${isNight}|${firstNight}|${sundayHour}`;
      let t = termsOf.get(key);
      if (!t) {
        t = minuteTerms(terms, info, { isNight, nightMinute }, sundayMinute);
        termsOf.set(key, t);
      }
      if (current && current.day === day && current.kind === t.kind && current.rate === t.rate && current.label === t.label) {
        current.minutes += run;
      } else {
        if (current) current.to = clock(((minutesOf(current.from) + current.minutes - 1) % (24 * 60)) + 1);
        current = { day, from: clock(minuteOfDay), to: '', minutes: run, ...t, amount: 0 };
        lines.push(current);
      }
      offset += run;
    }
    if (current) current.to = clock(((minutesOf(current.from) + current.minutes - 1) % (24 * 60)) + 1);
  }
  for (const line of lines) line.amount = amountFor(line.minutes, line.rate);
  return lines;
}

export const sumAmounts = (lines: readonly { amount: number }[]) => roundCents(lines.reduce((sum, line) => sum + line.amount, 0));

/** The first line paid under the level's minimum for the same hours (like with like), or undefined. */
export function lineBelowMinimum(lines: readonly TPayLine[]): TPayLine | undefined {
  return lines.find((line) => line.minimum !== null && line.rate + 0.005 < line.minimum);
}

export const TRAVEL_MODES = ['fisso', 'km'] as const;
export type TTravelMode = (typeof TRAVEL_MODES)[number];

/** How an offer pays travel: a fixed sum or euros a kilometre with a cap, once or for every working day. */
export type TTravelTerms = {
  mode: TTravelMode | null;
  amount: number | null;
  per_km: number | null;
  cap: number | null;
  per_day: boolean;
};

const EARTH_RADIUS_KM = 6371;

/** The estimated kilometres of a trip there and back between two places, whole (always shown as "circa"). */
export function tripKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  const km = EARTH_RADIUS_KM * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round(km * TRAVEL_ESTIMATE.roadFactor * TRAVEL_ESTIMATE.roundTrip);
}

/**
 * What the travel terms pay for a trip of `km` (there and back) over `workingDays` days: the fixed sum, or km × €/km
 * capped, once or each day. Null when the offer pays no travel, or pays by km and the distance is unknown.
 */
export function travelPay(terms: TTravelTerms, km: number | null, workingDays: number): number | null {
  if (!terms.mode) return null;
  const times = terms.per_day ? Math.max(1, workingDays) : 1;
  if (terms.mode === 'fisso') return terms.amount === null ? null : roundCents(terms.amount * times);
  if (km === null || terms.per_km === null) return null;
  const once = Math.round(km * Math.round(terms.per_km * 100)) / 100;
  const capped = terms.cap === null ? once : Math.min(once, terms.cap);
  return roundCents(capped * times);
}

/** The working days of an offer: each day from its first to its last with its daily hours. */
export function shiftDaysOf(
  dateFrom: string | null,
  dateTo: string | null,
  start: string | null,
  end: string | null,
): TShiftDay[] {
  if (!dateFrom || !dateTo || dateTo < dateFrom) return [];
  const days: TShiftDay[] = [];
  for (let day = dateFrom; day <= dateTo && days.length < 400; day = addDays(day, 1)) days.push({ day, start, end });
  return days;
}

/**
 * The days of the demo's dated offers, worked out from the seeding day, and the words that name them, so that a title
 * or a description says what its dates are whatever the day the demo is seeded: the Sunday shifts fall on Sundays, the
 * holiday shift on the last public holiday before that day (and is named after it), the replacement within one season
 * (and is named after that season).
 */
import { addDays, ITALIAN_MONTHS, italianPublicHolidays, type TItalianHoliday, todayInItaly } from '@farmaponte/shared';

/** The holiday shift's title, after its holiday. */
const HOLIDAY_SHIFT_TITLES: Record<TItalianHoliday, string> = {
  capodanno: 'Turno di Capodanno',
  epifania: "Turno dell'Epifania",
  pasqua: 'Turno di Pasqua',
  pasquetta: 'Turno di Pasquetta',
  liberazione: 'Turno del 25 aprile',
  lavoro: 'Turno del 1° maggio',
  repubblica: 'Turno del 2 giugno',
  ferragosto: 'Turno di Ferragosto',
  ognissanti: 'Turno di Ognissanti',
  immacolata: "Turno dell'Immacolata",
  natale: 'Turno di Natale',
  santo_stefano: 'Turno di Santo Stefano',
};

/** The seasons by whole months, as people speak of them (summer is June, July and August). */
const SEASONS = [
  { months: [12, 1, 2], adjective: 'invernale', plural: 'invernali' },
  { months: [3, 4, 5], adjective: 'primaverile', plural: 'primaverili' },
  { months: [6, 7, 8], adjective: 'estiva', plural: 'estive' },
  { months: [9, 10, 11], adjective: 'autunnale', plural: 'autunnali' },
] as const;

const seasonOf = (day: string) =>
  SEASONS.find((season) => (season.months as readonly number[]).includes(Number(day.slice(5, 7))));

const isSunday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay() === 0;

/** The first Sunday `days` or more days after `today`. */
function sundayAfter(today: string, days: number): string {
  let day = addDays(today, days);
  while (!isSunday(day)) day = addDays(day, 1);
  return day;
}

/** The last Sunday `days` or more days before `today`. */
function sundayBefore(today: string, days: number): string {
  let day = addDays(today, -days);
  while (!isSunday(day)) day = addDays(day, -1);
  return day;
}

/** '2026-08-15' → '15 agosto'; the first of a month '1° maggio', as it is written. */
function dayAndMonth(day: string): string {
  const date = Number(day.slice(8, 10));
  return `${date === 1 ? '1°' : date} ${ITALIAN_MONTHS[Number(day.slice(5, 7)) - 1]}`;
}

export interface TDemoDates {
  /** The seeding day in Italy. */
  today: string;
  /** Marta's worked shifts at the Rome pharmacy: three mornings of a holiday cover, an evening, and a Sunday. */
  worked: { coverFrom: string; coverTo: string; evening: string; sunday: string };
  /** The Rome owner's expired holiday shift: the last public holiday before today on which Marta did not work there. */
  holiday: { day: string; title: string; description: string };
  /** The Saturday before milanSunday: the Milan group's second pharmacy's shift (decision 089). */
  milanSaturday: string;
  /** The Milan owner's Sunday shift, next week or the one after. */
  milanSunday: string;
  /** The Rome owner's extraordinary Sunday opening, two weeks or so away. */
  romeSunday: string;
  /** The Milan owner's three-week replacement, about three weeks away, within one season and named after it. */
  replacement: { from: string; to: string; title: string; invitation: string };
}

export function demoDates(now: Date): TDemoDates {
  const today = todayInItaly(now);
  const worked = {
    coverFrom: addDays(today, -21),
    coverTo: addDays(today, -19),
    evening: addDays(today, -12),
    sunday: sundayBefore(today, 3),
  };
  // Marta was turned down for the holiday shift ("we have found someone for that day"): not a day she worked there.
  const workedDays = new Set([worked.coverFrom, addDays(worked.coverFrom, 1), worked.coverTo, worked.evening, worked.sunday]);
  const year = Number(today.slice(0, 4));
  const holiday = [...italianPublicHolidays(year - 1), ...italianPublicHolidays(year)]
    .filter(({ date }) => date < today && !workedDays.has(date))
    .at(-1);
  if (!holiday) throw new Error(`no public holiday before ${today}`);
  let from = addDays(today, 20);
  let to = addDays(from, 21);
  const season = seasonOf(to);
  if (!season) throw new Error(`no season for ${to}`);
  // Three weeks that would straddle two seasons start with the second.
  if (seasonOf(from) !== season) {
    from = `${to.slice(0, 4)}-${String(season.months[0]).padStart(2, '0')}-01`;
    to = addDays(from, 21);
  }
  return {
    today,
    worked,
    holiday: {
      day: holiday.date,
      title: HOLIDAY_SHIFT_TITLES[holiday.holiday],
      description: `Copertura del ${dayAndMonth(holiday.date)}, orario continuato.`,
    },
    milanSunday: sundayAfter(today, 5),
    milanSaturday: addDays(sundayAfter(today, 5), -1),
    romeSunday: sundayAfter(today, 12),
    replacement: {
      from,
      to,
      title: `Sostituzione ${season.adjective}`,
      invitation: `Ciao Giulia, ci farebbe piacere averti con noi per le ferie ${season.plural}: orario spezzato, 19 €/ora.`,
    },
  };
}

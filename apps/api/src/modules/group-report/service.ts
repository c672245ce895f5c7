/**
 * The group report (decision 091): over the pharmacies of an organisation a person may see, the shifts of each week
 * (places on days: open, filled, unfilled) and what was worked and spent, by pharmacy and by pharmacist; and the
 * month's worked days for the statement. All of the feature's SQL: three statements for the report, whatever the
 * number of pharmacies.
 */
import { todayInItaly } from '@farmaponte/shared';
import type { TGroupReport, TShiftCounts, TWeekCounts, TWorkedFigures } from '@farmaponte/shared/group-report';
import { ORGANISATION_MESSAGES } from '@farmaponte/shared/organisation';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, organisations, profiles, workedHours } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { rawRows } from '../../lib/raw-sql';
import { invoiceSpend } from '../invoices';
import { pharmaciesInReach } from '../organisations';
import { clockChangeDays, grossCents, workedMinutes } from '../shifts';

/** The Italian days a report covers, both included. */
export interface TRange {
  from: string;
  to: string;
}

export interface TPharmacy {
  id: number;
  name: string;
  comune: string;
}

/** Who asks and the pharmacies they may see: every one of the organisation for a titolare, else their own list. */
export interface TReportScope {
  organisation: { id: number; name: string };
  pharmacies: TPharmacy[];
}

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'it', { sensitivity: 'base' }) || a.id - b.id;

/**
 * The pharmacies `actorId` may see in `organisationId`, by name (organisations' pharmaciesInReach). The guard has
 * already found one they act for; none here (the membership ended in between) is the guard's 404.
 */
export async function reportScope(db: TDb, actorId: number, organisationId: number): Promise<TReportScope> {
  const [[organisation], pharmacies] = await Promise.all([
    db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId)),
    pharmaciesInReach(db, { actorId, organisationId }),
  ]);
  if (!(organisation && pharmacies.length)) throw notFound(ORGANISATION_MESSAGES.pharmacyNotFound, 'pharmacy_not_found');
  return {
    organisation: { id: organisationId, name: organisation.name },
    pharmacies: pharmacies.map(({ id, name, comune }) => ({ id, name: name ?? '', comune: comune ?? '' })).sort(byName),
  };
}

/** The first and last day of an offer in SQL (a single-day offer may have only one of its dates). */
const firstDay = sql`coalesce(${offers.dateFrom}, ${offers.dateTo})`;
const lastDay = sql`coalesce(${offers.dateTo}, ${offers.dateFrom})`;

/** Each day from `from` to `to` of a row's period, one row each (a set-returning function in the select list). */
const eachDay = (from: string, to: string) =>
  sql<string>`generate_series(greatest(${firstDay}, ${from}::date), least(${lastDay}, ${to}::date), interval '1 day')::date`;

/**
 * The places of the pharmacies' offers on each day of the range, by pharmacy and ISO week: all of them, those taken
 * (as many as accepted, up to the places), and those free on a day still to come of an offer still looking.
 */
async function weekRows(db: TDb, pharmacyIds: number[], range: TRange, today: string) {
  const offerDays = db
    .select({
      pharmacyId: offers.ownerId,
      day: eachDay(range.from, range.to).as('day'),
      places: sql<number>`${offers.positions}`.as('places'),
      taken: sql<number>`least(${offers.acceptedCount}, ${offers.positions})`.as('taken'),
      stopped: sql<boolean>`${offers.closedAt} is not null or ${offers.hiddenAt} is not null`.as('stopped'),
    })
    .from(offers)
    .where(
      and(inArray(offers.ownerId, pharmacyIds), sql`${firstDay} <= ${range.to}::date`, sql`${lastDay} >= ${range.from}::date`),
    )
    .as('offer_days');
  // The Monday of the day's ISO week (date minus whole days: no time zone involved).
  const monday = sql<string>`to_char(${offerDays.day} - (extract(isodow from ${offerDays.day})::int - 1), 'YYYY-MM-DD')`;
  const week = sql<string>`to_char(${offerDays.day}, 'IYYY-"W"IW')`;
  return db
    .select({
      pharmacyId: offerDays.pharmacyId,
      week,
      weekStart: monday,
      shifts: sql<number>`sum(${offerDays.places})::int`,
      filled: sql<number>`sum(${offerDays.taken})::int`,
      open: sql<number>`sum(case when ${offerDays.day} >= ${today}::date and not ${offerDays.stopped} then ${offerDays.places} - ${offerDays.taken} else 0 end)::int`,
    })
    .from(offerDays)
    .groupBy(offerDays.pharmacyId, week, monday);
}

/**
 * The days worked for the pharmacies from `from` to `upTo` (today at the latest), as the worked shifts count them
 * (decision 075: accepted applications of offers with dates, each day at the pharmacist's corrected hours, else the
 * offer's), summed by pharmacy, pharmacist, pay and hours: `days` of them, `day` one of those. A day of a clock change
 * (clockChangeDays) is a row of its own, as its hours may last another length; on the others the same hours last the
 * same minutes, so one day measured is all of them.
 */
async function workedRows(db: TDb, pharmacyIds: number[], from: string, upTo: string) {
  const workedDays = db
    .select({
      // Named apart from worked_hours' own columns, as the join below reads them by name alone.
      applicationId: sql<number>`${applications.id}`.as('shift_application_id'),
      pharmacyId: offers.ownerId,
      pharmacistId: applications.farmacistaId,
      pay: offers.hourlyPay,
      offerStart: offers.startTime,
      offerEnd: offers.endTime,
      day: eachDay(from, upTo).as('shift_day'),
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(
      and(
        inArray(offers.ownerId, pharmacyIds),
        eq(applications.status, 'accepted'),
        or(isNotNull(offers.dateFrom), isNotNull(offers.dateTo)),
        sql`${firstDay} <= ${upTo}::date`,
        sql`${lastDay} >= ${from}::date`,
      ),
    )
    .as('worked_days');
  const changes = clockChangeDays(from, upTo);
  const hours = db
    .select({
      pharmacyId: workedDays.pharmacyId,
      pharmacistId: workedDays.pharmacistId,
      pay: workedDays.pay,
      // A corrected day has both of its times; a day as offered has the offer's, either of which may be missing.
      start: sql<string | null>`coalesce(${workedHours.startTime}, ${workedDays.offerStart})`.as('start'),
      end: sql<string | null>`coalesce(${workedHours.endTime}, ${workedDays.offerEnd})`.as('end'),
      day: workedDays.day,
      change: (changes.length
        ? sql<string | null>`case when ${inArray(workedDays.day, changes)} then ${workedDays.day} end`
        : sql<string | null>`null::date`
      ).as('change'),
    })
    .from(workedDays)
    .leftJoin(workedHours, and(eq(workedHours.applicationId, workedDays.applicationId), eq(workedHours.day, workedDays.day)))
    .as('worked_hours_days');
  return db
    .select({
      pharmacyId: hours.pharmacyId,
      pharmacistId: hours.pharmacistId,
      pay: hours.pay,
      start: hours.start,
      end: hours.end,
      day: sql<string>`to_char(min(${hours.day}), 'YYYY-MM-DD')`,
      days: sql<number>`count(*)::int`,
    })
    .from(hours)
    .groupBy(hours.pharmacyId, hours.pharmacistId, hours.pay, hours.start, hours.end, hours.change);
}

/** The pharmacists' names as an owner sees them on their worked shifts: name and surname, nothing else. */
function pharmacistNames(db: TDb, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: profiles.userId, name: profiles.name, surname: profiles.surname })
    .from(profiles)
    .where(inArray(profiles.userId, ids));
}

/** What is worked, added up in cents and minutes, then answered (TWorkedFigures). */
class WorkedSum {
  days = 0;
  minutes = 0;
  cents = 0;
  paidMinutes = 0;
  withoutHours = 0;

  add(row: { pay: number | null; start: string | null; end: string | null; day: string; days: number }) {
    const hasHours = Boolean(row.start && row.end);
    const minutes = hasHours ? workedMinutes(row.day, row.start as string, row.end as string) : 0;
    this.days += row.days;
    this.minutes += minutes * row.days;
    if (!hasHours) this.withoutHours += row.days;
    if (row.pay == null) return;
    this.paidMinutes += minutes * row.days;
    this.cents += grossCents(minutes, Number(row.pay)) * row.days;
  }

  figures(): TWorkedFigures {
    return {
      days: this.days,
      minutes: this.minutes,
      gross: this.cents / 100,
      paid_minutes: this.paidMinutes,
      // Euros an hour over the hours with a pay, to the cent.
      average_hourly_pay: this.paidMinutes ? Math.round((this.cents * 60) / this.paidMinutes) / 100 : null,
      days_without_hours: this.withoutHours,
    };
  }
}

/** Places added up by week, then answered with what is left unfilled and the fill rate. */
class ShiftSum {
  shifts = 0;
  filled = 0;
  open = 0;

  add(row: { shifts: number; filled: number; open: number }) {
    this.shifts += row.shifts;
    this.filled += row.filled;
    this.open += row.open;
  }

  counts(): TShiftCounts {
    return {
      shifts: this.shifts,
      open: this.open,
      filled: this.filled,
      unfilled: this.shifts - this.filled - this.open,
      // A share to three decimals (a tenth of a percent).
      fill_rate: this.shifts ? Math.round((this.filled / this.shifts) * 1000) / 1000 : null,
    };
  }
}

/** Sums by key, made on first use. */
function sums<K, V>(make: () => V) {
  const map = new Map<K, V>();
  return {
    map,
    of(key: K): V {
      let found = map.get(key);
      if (!found) {
        found = make();
        map.set(key, found);
      }
      return found;
    },
  };
}

function weekList(weeks: Map<string, { start: string; sum: ShiftSum }>): TWeekCounts[] {
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, { start, sum }]) => ({ week, week_start: start, ...sum.counts() }));
}

/** GET /api/organisation/report/: the range's shifts and work over the scope's pharmacies. */
export async function groupReport(db: TDb, scope: TReportScope, range: TRange, now: Date): Promise<TGroupReport> {
  const today = todayInItaly(now);
  const ids = scope.pharmacies.map((pharmacy) => pharmacy.id);
  const upTo = range.to < today ? range.to : today;
  // The planner takes each offer's generate_series for a thousand days, so on PostgreSQL its cost estimate passes
  // the JIT's threshold, and compiling the plan took 0.6 s of a 0.1 s statement (bench/group-report.ts). A read
  // transaction, only to scope the `set local`: it writes nothing, so no lock to order and nothing to try again.
  const [weeks, worked] = await db.transaction(async (tx) => {
    const read = tx as unknown as TDb;
    await rawRows(read, sql`set local jit = off`);
    const places = await weekRows(read, ids, range, today);
    return [places, upTo < range.from ? [] : await workedRows(read, ids, range.from, upTo)] as const;
  });

  const pharmacyWeeks = sums<number, Map<string, { start: string; sum: ShiftSum }>>(() => new Map());
  const groupWeeks = new Map<string, { start: string; sum: ShiftSum }>();
  const pharmacyShifts = sums<number, ShiftSum>(() => new ShiftSum());
  const groupShifts = new ShiftSum();
  for (const row of weeks) {
    for (const target of [pharmacyWeeks.of(row.pharmacyId), groupWeeks]) {
      const entry = target.get(row.week) ?? { start: row.weekStart, sum: new ShiftSum() };
      entry.sum.add(row);
      target.set(row.week, entry);
    }
    pharmacyShifts.of(row.pharmacyId).add(row);
    groupShifts.add(row);
  }

  const pharmacyWork = sums<number, WorkedSum>(() => new WorkedSum());
  const pharmacistWork = sums<number, WorkedSum>(() => new WorkedSum());
  const pharmacistPlaces = sums<number, Set<number>>(() => new Set());
  const groupWork = new WorkedSum();
  for (const row of worked) {
    pharmacyWork.of(row.pharmacyId).add(row);
    pharmacistWork.of(row.pharmacistId).add(row);
    pharmacistPlaces.of(row.pharmacistId).add(row.pharmacyId);
    groupWork.add(row);
  }
  const [names, invoices] = await Promise.all([
    pharmacistNames(db, [...pharmacistWork.map.keys()]),
    invoiceSpend(db, scope.organisation.id, ids, range, now),
  ]);

  return {
    organisation: scope.organisation,
    from: range.from,
    to: range.to,
    today,
    pharmacies: scope.pharmacies.map((pharmacy) => ({
      ...pharmacy,
      weeks: weekList(pharmacyWeeks.of(pharmacy.id)),
      shifts: pharmacyShifts.of(pharmacy.id).counts(),
      worked: pharmacyWork.of(pharmacy.id).figures(),
    })),
    pharmacists: names
      .map((person) => ({
        ...person,
        pharmacies: pharmacistPlaces.of(person.id).size,
        worked: pharmacistWork.of(person.id).figures(),
      }))
      .sort(
        (a, b) =>
          a.surname.localeCompare(b.surname, 'it', { sensitivity: 'base' }) ||
          a.name.localeCompare(b.name, 'it', { sensitivity: 'base' }) ||
          a.id - b.id,
      ),
    weeks: weekList(groupWeeks),
    totals: { shifts: groupShifts.counts(), worked: groupWork.figures() },
    invoices,
  };
}

/**
 * Many shifts at once (decision 090): a template and its days (picked on a calendar, or a weekly rule) become one
 * offer a day, all of one series; a CSV's rows become one series per pharmacy (bulk-csv.ts reads the file). Each
 * offer is written as publishOffer writes one (writePublishedOffers), in one statement per pharmacy and one
 * transaction for the whole request, under the open limits of each pharmacy and of the organisation.
 */
import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  PAY_MESSAGES,
  type TAutoInvite,
  TIME_PATTERN,
  type TOfferPayload,
  todayInItaly,
  ZOfferInputSchema,
} from '@farmaponte/shared';
import { BULK_MESSAGES, bulkDays, type TBulkOfferPayload, type TBulkPublished } from '@farmaponte/shared/bulk-offers';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { organisationMembers, organisationPharmacies, pharmacySettings, profiles, verifications } from '../../db/schema';
import { badRequest, forbidden, INVALID_PAY_TERMS } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import type { TAuditActor } from '../audit';
import type { TOwnerScope } from '../organisations';

/** The pharmacy a request acts for and the person acting, with their address for the audit log. */
export type TActingScope = TOwnerScope & { email: string };

import { writePublishedOffers } from './lifecycle';
import { payStateOfInput, payTermsProblems } from './pay';
import { asOwners, refuseOverOpenLimits } from './quotas';

/** A pharmacy the person may publish for, with what a template leaves out (its settings). */
export interface TBulkPharmacy {
  id: number;
  /** Its registry code, as a CSV may name it. */
  code: string;
  name: string;
  verified: boolean;
  startTime: string | null;
  endTime: string | null;
  hourlyPay: number | null;
  positions: number | null;
  note: string;
}

/**
 * The pharmacies of the scope's organisation the person acting may publish for (all for a titolare, those of their
 * membership for a responsabile, none for consultazione), or only those of `only`.
 */
export async function writablePharmacies(db: TDb, scope: TOwnerScope, only?: number[]): Promise<TBulkPharmacy[]> {
  if (scope.memberRole === 'consultazione') return [];
  const [member] = await db
    .select({ pharmacyIds: organisationMembers.pharmacyIds })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, scope.organisationId), eq(organisationMembers.userId, scope.actorId)));
  if (!member) return [];
  const rows = await db
    .select({
      id: organisationPharmacies.pharmacyId,
      code: profiles.codFarmacia,
      name: profiles.denominazioneFarmacia,
      status: verifications.status,
      startTime: pharmacySettings.startTime,
      endTime: pharmacySettings.endTime,
      hourlyPay: pharmacySettings.hourlyPay,
      positions: pharmacySettings.positions,
      note: pharmacySettings.note,
    })
    .from(organisationPharmacies)
    .innerJoin(profiles, eq(profiles.userId, organisationPharmacies.pharmacyId))
    .leftJoin(verifications, eq(verifications.userId, organisationPharmacies.pharmacyId))
    .leftJoin(pharmacySettings, eq(pharmacySettings.pharmacyId, organisationPharmacies.pharmacyId))
    .where(
      and(
        eq(organisationPharmacies.organisationId, scope.organisationId),
        scope.memberRole === 'titolare' ? undefined : inArray(organisationPharmacies.pharmacyId, member.pharmacyIds),
        only ? inArray(organisationPharmacies.pharmacyId, only) : undefined,
      ),
    )
    .orderBy(organisationPharmacies.pharmacyId);
  return rows.map(({ status, code, name, note, ...row }) => ({
    ...row,
    code: code ?? '',
    name: name ?? '',
    note: note ?? '',
    verified: status === 'verified',
  }));
}

/** Which field of the offer a problem concerns, as zod names it (`end_time`), and its Italian message. */
export interface TFieldProblem {
  field: string;
  message: string;
}

/**
 * A template's fields as written (a CSV's cells are text): `undefined` takes the pharmacy's setting, and the single
 * offer's schema reads them.
 */
export interface TTemplateFields {
  title: string;
  description?: string;
  salary?: string;
  hourly_pay?: number | string;
  start_time?: string | null;
  end_time?: string | null;
  positions?: number | string;
  /** As the offer's schema reads them (decision 093); absent: dipendente at level 1. */
  legal_forms?: unknown;
  ccnl_level?: unknown;
  /** As the offer's schema reads them (decision 094), the local holidays already those of this day. */
  pay_terms?: unknown;
  auto_invite?: TAutoInvite;
}

/**
 * The offer of one day as publishing takes it: the template's fields, the pharmacy's settings where the template
 * leaves one out (its note as the description when none is written), checked by the single offer's rules; or every
 * problem with it. Pay must be there in the end (the web form asks for it too).
 */
export function offerOfDay(
  template: TTemplateFields,
  pharmacy: TBulkPharmacy,
  day: string,
): { offer: TOfferPayload; problems?: undefined } | { problems: TFieldProblem[] } {
  const startTime = template.start_time === undefined ? pharmacy.startTime : template.start_time;
  const endTime = template.end_time === undefined ? pharmacy.endTime : template.end_time;
  const parsed = ZOfferInputSchema.safeParse({
    title: template.title,
    description: template.description || pharmacy.note,
    salary: template.salary,
    hourly_pay: template.hourly_pay ?? pharmacy.hourlyPay ?? undefined,
    start_time: startTime,
    end_time: endTime,
    positions: template.positions ?? pharmacy.positions ?? undefined,
    legal_forms: template.legal_forms,
    ccnl_level: template.ccnl_level,
    pay_terms: template.pay_terms,
    auto_invite: template.auto_invite,
    date_from: day,
    date_to: day,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({ field: fieldOf(issue.path), message: issue.message }));
    // The order of the hours is checked once every field is right: a CSV's row is told all its problems at once.
    const [start, end] = [timeOfDay(startTime), timeOfDay(endTime)];
    // A night service may end the next morning (decision 094): its hours are the schema's to judge.
    const night = Boolean((template.pay_terms as { night_service?: unknown } | undefined)?.night_service) && end !== start;
    if (start && end && end <= start && !night && !problems.some((problem) => problem.field === 'end_time'))
      problems.push({ field: 'end_time', message: MESSAGES.offerTimeOrder });
    return { problems };
  }
  if (parsed.data.hourly_pay === null) return { problems: [{ field: 'hourly_pay', message: BULK_MESSAGES.hourlyPayRequired }] };
  // The pay terms against the offer as it will be stored (its legal forms as written), as the single publish checks them.
  const payProblems = payTermsProblems(payStateOfInput(parsed.data));
  if (Object.keys(payProblems).length)
    return { problems: Object.entries(payProblems).map(([field, message]) => ({ field, message })) };
  return { offer: parsed.data };
}

/** A problem's field as the answer names it: the offer's own (`end_time`), or a pay term by its path (`pay_terms.night_fee`). */
const fieldOf = (path: readonly PropertyKey[]) =>
  path[0] === 'pay_terms' && path.length > 1 ? `pay_terms.${String(path[1])}` : String(path[0] ?? '_');

/** A template's pay terms for one of its days: the local holidays that are that day (each day is its own offer). */
export function payTermsOfDay(terms: unknown, day: string): unknown {
  if (!terms || typeof terms !== 'object' || !('extra_holidays' in terms) || !Array.isArray(terms.extra_holidays)) return terms;
  return { ...terms, extra_holidays: terms.extra_holidays.filter((holiday) => holiday === day) };
}

/** 400 when a template names a local holiday that is none of its days. */
function refuseHolidaysOutsideDays(terms: unknown, days: string[]) {
  const holidays = (terms as { extra_holidays?: unknown } | undefined)?.extra_holidays;
  if (Array.isArray(holidays) && holidays.some((holiday) => !days.includes(holiday)))
    throw badRequest(PAY_MESSAGES.extraHolidays, INVALID_PAY_TERMS, { 'pay_terms.extra_holidays': PAY_MESSAGES.extraHolidays });
}

/** A time of day as the offer's schema reads it ('8:30' is 08:30), or undefined. */
function timeOfDay(value: string | null | undefined): string | undefined {
  const time = value?.trim().replace(/^(\d):/, '0$1:');
  return time && TIME_PATTERN.test(time) ? time : undefined;
}

/** One pharmacy's share of a bulk publish: its offers, in day order. */
export interface TBulkPart {
  pharmacy: TBulkPharmacy;
  offers: TOfferPayload[];
}

/** What a check answers: the series each pharmacy would get, without ids. */
export function checkedSeries(parts: TBulkPart[]): TBulkPublished['series'] {
  return parts.map(({ pharmacy, offers }) => ({
    pharmacy_id: pharmacy.id,
    pharmacy: pharmacy.name,
    series_id: null,
    days: offers.map((offer) => offer.date_from ?? ''),
    pending_verification: !pharmacy.verified,
  }));
}

/**
 * Publishes every part in one transaction, each pharmacy's offers as one new series written by `actor`, once the
 * open limits of each pharmacy and of their organisation have room for all of them (else nothing is written).
 */
export async function publishParts(
  db: TDb,
  events: TEvents,
  parts: TBulkPart[],
  actor: TAuditActor,
  now: Date,
): Promise<TBulkPublished['series']> {
  return asOwners(
    db,
    parts.map((part) => part.pharmacy.id),
    async (tx) => {
      await refuseOverOpenLimits(
        tx,
        parts.map((part) => ({ ownerId: part.pharmacy.id, count: part.offers.length, name: part.pharmacy.name })),
        now,
      );
      const series: TBulkPublished['series'] = [];
      for (const { pharmacy, offers } of parts) {
        const seriesId = randomUUID();
        const { pending } = await writePublishedOffers(tx, events, pharmacy.id, offers, { actor, seriesId }, now);
        series.push({
          pharmacy_id: pharmacy.id,
          pharmacy: pharmacy.name,
          series_id: seriesId,
          days: offers.map((offer) => offer.date_from ?? ''),
          pending_verification: pending,
        });
      }
      return series;
    },
  );
}

/** The answer of a bulk publish or check: its count, its message, its series. */
export function bulkAnswer(series: TBulkPublished['series'], checkOnly: boolean): TBulkPublished {
  const count = series.reduce((sum, part) => sum + part.days.length, 0);
  const pending = series.filter((part) => part.pending_verification).reduce((sum, part) => sum + part.days.length, 0);
  const message = checkOnly
    ? BULK_MESSAGES.checked(count)
    : pending === count
      ? BULK_MESSAGES.publishedPending(count)
      : BULK_MESSAGES.published(count);
  return { message, check_only: checkOnly, count, series };
}

/** A 400 naming every problem: its message is theirs (at most five, then how many more), `fields` each by its path. */
function refuseProblems(problems: { path: string; message: string }[], code: string): never {
  const shown = problems.slice(0, 5).map((problem) => problem.message);
  const more = problems.length - shown.length;
  const message = more > 0 ? `${shown.join(' ')} ${BULK_MESSAGES.daysInvalid(problems.length)}` : shown.join(' ');
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.path] ??= problem.message;
  throw badRequest(message, code, fields);
}

/**
 * POST /api/offers/bulk/: the template on each day asked for, for the pharmacy the request acts for; with
 * `check_only`, only what would be published. 400 naming every problem of the days or the template, 429 past the
 * open limits; nothing is written unless all of it is.
 */
export async function publishDays(
  db: TDb,
  events: TEvents,
  scope: TActingScope,
  input: TBulkOfferPayload,
  now: Date,
): Promise<TBulkPublished> {
  const { dates, every, check_only, ...template } = input;
  const { days, problems } = bulkDays(
    dates ? { dates } : { every: every ?? { weekdays: [], from: '', to: '' } },
    todayInItaly(now),
  );
  if (problems.length) refuseProblems(problems, 'invalid_days');
  const [pharmacy] = await writablePharmacies(db, scope, [scope.pharmacyId]);
  // Out of the person's reach since the guard looked (a membership changed meanwhile).
  if (!pharmacy) throw forbidden();
  refuseHolidaysOutsideDays(template.pay_terms, days);
  const offers: TOfferPayload[] = [];
  for (const day of days) {
    const made = offerOfDay({ ...template, pay_terms: payTermsOfDay(template.pay_terms, day) }, pharmacy, day);
    // The template is the same every day: its problems are those of the first.
    if (made.problems)
      refuseProblems(
        made.problems.map(({ field, message }) => ({ path: field, message })),
        made.problems.some(({ field }) => field.startsWith('pay_terms.')) ? INVALID_PAY_TERMS : 'validation_error',
      );
    offers.push(made.offer);
  }
  const parts = [{ pharmacy, offers }];
  if (check_only) return bulkAnswer(checkedSeries(parts), true);
  return bulkAnswer(await publishParts(db, events, parts, { id: scope.actorId, email: scope.email }, now), false);
}

/** The admin back office's data: owners and their map position, every user, and the overview. */

import {
  LIMITS,
  REGISTRY_MESSAGES,
  regionOfProvince,
  type TAdminUserDetails,
  type TLocation,
  type TOverview,
  type TOwner,
  type TRole,
  type TUserRow,
  type TUsersQuery,
  todayInItaly,
} from '@farmaponte/shared';
import { and, asc, count, eq, gte, like, type Placeholder, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, pharmacies, profiles, twoFactor, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { preparedRows } from '../../lib/prepared-rows';
import { containsPattern } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { getUserDetails } from '../account';
import { recordAdminAction, recordAdminRead, type TAuditActor } from '../audit';
import { findComune, pharmacyPosition } from '../geo';
import { openOfferCondition, placeOffers } from '../offers';

/** Weeks of applications the overview shows. */
export const OVERVIEW_WEEKS = 12;
const WEEK_MS = 7 * 86_400_000;

/** Owners whose e-mail, name, surname, pharmacy or comune contains the text, by surname; at most LIMITS.searchMaxResults. */
export async function searchOwners(db: TDb, search: string): Promise<TOwner[]> {
  const text = search.toLowerCase();
  return (
    db
      .select({
        id: users.id,
        email: users.email,
        name: profiles.name,
        surname: profiles.surname,
        dob: profiles.dob,
        provincia_residenza: profiles.provinciaResidenza,
        regione_residenza: profiles.regioneResidenza,
        telephone: profiles.telephone,
        denominazione_farmacia: profiles.denominazioneFarmacia,
        comune_farmacia: profiles.comuneFarmacia,
        numero_iscrizione_albo: profiles.numeroIscrizioneAlbo,
        lat: profiles.lat,
        lng: profiles.lng,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      // profiles.search_text holds e-mail, name, surname, pharmacy and comune (trigram-indexed).
      .where(and(eq(users.role, 'titolare'), text ? like(profiles.searchText, containsPattern(text)) : undefined))
      .orderBy(asc(profiles.surname), asc(profiles.name), asc(users.id))
      .limit(LIMITS.searchMaxResults)
  );
}

/** An owner's stored position and pharmacy comune; 404 for a user who is not an owner. */
async function findOwner(db: TDb, userId: number) {
  const [owner] = await db
    .select({ lat: profiles.lat, lng: profiles.lng, comune: profiles.comuneFarmacia })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'titolare')));
  if (!owner) throw notFound(REGISTRY_MESSAGES.ownerNotFound, 'owner_not_found');
  return owner;
}

/** Where an owner's pharmacy is on the map, and where that comes from. */
export async function getOwnerLocation(db: TDb, userId: number): Promise<TLocation> {
  return pharmacyPosition(await findOwner(db, userId));
}

/**
 * Sets an owner's coordinates (their offers move with them). The owner's row is locked first (the lock order,
 * docs/architecture.md), as the owner's own writes and an account deletion lock it: the profile and then the offers
 * changed here are never held while a deletion of the account holds the offers and waits for the profile. The
 * audit entry (pharmacy.set_coordinates, old and new coordinates) is written in the same transaction.
 */
export async function setOwnerLocation(
  db: TDb,
  events: TEvents,
  admin: TAuditActor,
  userId: number,
  position: { lat: number; lng: number },
  now: Date,
) {
  await findOwner(db, userId);
  await writeTransaction(db, async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!owner) throw notFound(REGISTRY_MESSAGES.ownerNotFound, 'owner_not_found');
    const [before] = await tx.select({ lat: profiles.lat, lng: profiles.lng }).from(profiles).where(eq(profiles.userId, userId));
    await tx
      .update(profiles)
      .set({ ...position, updatedAt: now })
      .where(eq(profiles.userId, userId));
    await placeOffers(tx, now, userId);
    const details = { old_lat: before?.lat ?? null, old_lng: before?.lng ?? null, new_lat: position.lat, new_lng: position.lng };
    await recordAdminAction(tx, admin, { action: 'pharmacy.set_coordinates', targetUserId: userId, details }, now);
    await events.record(tx, { type: 'pharmacy.moved', ownerId: userId });
  });
}

type TParam<T> = T | Placeholder;
type TUsersPageFilter = { pattern?: TParam<string>; role?: TParam<TRole>; limit: TParam<number>; offset: TParam<number> };

/** What a users page query filters by: a LIKE pattern of the search, the role, the rows of the page. */
export function usersPageFilter({ search, role, page, page_size }: TUsersQuery): TUsersPageFilter {
  return {
    pattern: search ? containsPattern(search.toLowerCase()) : undefined,
    role,
    limit: page_size,
    offset: (page - 1) * page_size,
  };
}

/**
 * The two queries of a page of users (the count of all that match, and the page), with values or placeholders; public
 * (index.ts) so that the strict floor runs the very same SQL (docs/architecture.md).
 */
export function usersPageQueries(db: TDb, { pattern, role, limit, offset }: TUsersPageFilter) {
  const where = and(role ? eq(users.role, role) : undefined, pattern ? like(profiles.searchText, pattern) : undefined);
  return {
    // Without a search the count needs no join with profiles.
    count: pattern
      ? db.select({ n: count() }).from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(where)
      : db.select({ n: count() }).from(users).where(where),
    page: db
      .select({
        id: users.id,
        username: users.email,
        role: users.role,
        preferredRegion: profiles.preferredRegion,
        name: profiles.name,
        surname: profiles.surname,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(asc(users.id))
      .limit(limit)
      .offset(offset),
  };
}

/**
 * The queries of a users page without a search, with or without a role, built once and run as prepared statements
 * (docs/decisions/034). A search keeps plain statements: PostgreSQL plans each pattern for what it matches.
 */
function preparedUsersPage(db: TDb, filter: TUsersPageFilter) {
  const shape = filter.role ? 'role' : 'all';
  const queries = () =>
    usersPageQueries(db, {
      role: filter.role ? sql.placeholder('role') : undefined,
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    });
  const values = { role: filter.role, limit: filter.limit, offset: filter.offset };
  return Promise.all([
    preparedRows(db, `users_count_${shape}`, () => queries().count, { role: filter.role }),
    preparedRows(db, `users_page_${shape}`, () => queries().page, values),
  ]);
}

/** A search is plain Drizzle (docs/architecture.md): its pattern changes the plan, so it is no prepared statement. */
function searchedUsersPage(db: TDb, filter: TUsersPageFilter) {
  const queries = usersPageQueries(db, filter);
  return Promise.all([queries.count, queries.page]);
}

/** One page of users, by id, with the count of all that match the search (e-mail or name) and role. */
export async function listUsers(db: TDb, query: TUsersQuery): Promise<{ count: number; results: TUserRow[] }> {
  const filter = usersPageFilter(query);
  const [[total], rows] = await (filter.pattern ? searchedUsersPage(db, filter) : preparedUsersPage(db, filter));
  return {
    count: Number(total?.n ?? 0),
    // Spelled out: copying a row without one key (`{ createdAt, ...r }`) is V8's slow path, ≈ 8 µs a row.
    results: rows.map((r) => ({
      id: r.id,
      username: r.username,
      role: r.role,
      preferredRegion: r.preferredRegion ?? '',
      name: r.name ?? '',
      surname: r.surname ?? '',
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/**
 * Everything about one user for the admin; cvUrl signs the CV link for this admin. 404 for an unknown user. The
 * reading is recorded (user.view) before the details are answered: 503 and no details when it cannot be.
 */
export async function getAdminUserDetails(
  db: TDb,
  admin: TAuditActor,
  userId: number,
  cvUrl: (cvOwnerId: number) => Promise<string>,
  now: Date,
): Promise<TAdminUserDetails> {
  const details = await getUserDetails(db, userId, cvUrl);
  const [extra] = await db
    .select({
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
      lat: profiles.lat,
      lng: profiles.lng,
      offers: sql<number>`(select count(*) from ${offers} where ${offers.ownerId} = ${users.id})`,
      applications: sql<number>`(select count(*) from ${applications} where ${applications.farmacistaId} = ${users.id})`,
      secondStep: sql<boolean>`exists (select 1 from ${twoFactor} where ${twoFactor.userId} = ${users.id} and ${twoFactor.enabledAt} is not null)`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  await recordAdminRead(db, admin, { action: 'user.view', targetUserId: userId }, now);
  return {
    ...details,
    created_at: extra?.createdAt.toISOString() ?? '',
    offers_count: Number(extra?.offers ?? 0),
    applications_count: Number(extra?.applications ?? 0),
    lat: extra?.lat ?? null,
    lng: extra?.lng ?? null,
    suspended_at: extra?.suspendedAt?.toISOString() ?? null,
    suspended_reason: extra?.suspendedReason ?? null,
    second_step_enabled: extra?.secondStep === true,
  };
}

/** Users by role, open offers by region, applications per week (the last OVERVIEW_WEEKS), registry size. */
export async function getOverview(db: TDb, now: Date): Promise<TOverview> {
  const since = new Date(now.getTime() - OVERVIEW_WEEKS * WEEK_MS);
  const [roles, offersByComune, weeks, registry] = await Promise.all([
    db.select({ role: users.role, n: count() }).from(users).groupBy(users.role),
    db
      .select({ comune: profiles.comuneFarmacia, n: count() })
      .from(offers)
      .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
      .where(openOfferCondition(todayInItaly(now)))
      .groupBy(profiles.comuneFarmacia),
    db
      .select({ week: sql<string>`to_char(date_trunc('week', ${applications.submittedAt}), 'YYYY-MM-DD')`, n: count() })
      .from(applications)
      .where(gte(applications.submittedAt, since))
      .groupBy(sql`1`),
    db.select({ n: count() }).from(pharmacies),
  ]);
  const byRole = { farmacista: 0, titolare: 0, admin: 0 };
  for (const r of roles) byRole[r.role] = Number(r.n);
  const byRegion = new Map<string, number>();
  for (const r of offersByComune) {
    const sigla = findComune(r.comune)?.sigla;
    const region = (sigla && regionOfProvince(sigla)) || 'Non indicata';
    byRegion.set(region, (byRegion.get(region) ?? 0) + Number(r.n));
  }
  const perWeek = new Map(weeks.map((w) => [w.week, Number(w.n)]));
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
  const series = Array.from({ length: OVERVIEW_WEEKS }, (_, i) => {
    const start = new Date(monday.getTime() - (OVERVIEW_WEEKS - 1 - i) * WEEK_MS).toISOString().slice(0, 10);
    return { week_start: start, count: perWeek.get(start) ?? 0 };
  });
  return {
    users_by_role: byRole,
    open_offers_by_region: [...byRegion].map(([region, n]) => ({ region, count: n })).sort((a, b) => b.count - a.count),
    applications_per_week: series,
    pharmacies: Number(registry[0]?.n ?? 0),
  };
}

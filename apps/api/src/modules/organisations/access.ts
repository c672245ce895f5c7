/**
 * Who acts for which pharmacy (decision 089). A request of an owner-side person names the pharmacy it acts for in the
 * `X-Farmacia` header (a pharmacy's id, as GET /api/organisation/pharmacies/ lists them); without it, the person's own
 * pharmacy (an owner from before organisations) or the first one they may act for. A pharmacy outside their reach is
 * 404, as if it did not exist. The answer is kept for a few seconds per person and pharmacy, and forgotten on every
 * instance when a change of the organisation's people commits.
 */

import { LIMITS } from '@farmaponte/shared';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { organisationMembers, organisationPharmacies, profiles } from '../../db/schema';
import type { TEventBus } from '../../lib/event-bus';

export type TMemberRole = 'titolare' | 'responsabile' | 'consultazione';

/** The pharmacy a request acts for, and the person acting. */
export interface TOwnerScope {
  /** The pharmacy's id: the owner account its offers, applications and reviews belong to. */
  pharmacyId: number;
  organisationId: number;
  /** The person who is logged in. */
  actorId: number;
  /** Their name and surname as the pharmacy's history shows it ("Farmacia X (Laura Neri)"). */
  actorName: string;
  memberRole: TMemberRole;
  /**
   * With `X-Farmacia: tutte` on a list that shows the whole group: every pharmacy the person may act for (pharmacyId
   * is then the first of them); null otherwise.
   */
  groupPharmacyIds: number[] | null;
}

/** Which pharmacy a request asks for: one by id, the person's default (undefined), or every one they reach ('all'). */
export type TPharmacyAsked = number | undefined | 'all';

/** The scope of `userId` for the pharmacy asked, or undefined when they may not act for it (or for none at all). */
export async function findOwnerScope(db: TDb, userId: number, asked: TPharmacyAsked): Promise<TOwnerScope | undefined> {
  const pharmacyId = typeof asked === 'number' ? asked : undefined;
  const rows = await db
    .select({
      pharmacyId: organisationPharmacies.pharmacyId,
      organisationId: organisationMembers.organisationId,
      memberRole: organisationMembers.role,
      name: profiles.name,
      surname: profiles.surname,
    })
    .from(organisationMembers)
    .innerJoin(organisationPharmacies, eq(organisationPharmacies.organisationId, organisationMembers.organisationId))
    .leftJoin(profiles, eq(profiles.userId, organisationMembers.userId))
    .where(
      and(
        eq(organisationMembers.userId, userId),
        or(
          eq(organisationMembers.role, 'titolare'),
          sql`${organisationPharmacies.pharmacyId} = any(${organisationMembers.pharmacyIds})`,
        ),
        pharmacyId === undefined ? undefined : eq(organisationPharmacies.pharmacyId, pharmacyId),
      ),
    )
    // Their own pharmacy first (the owner who registered it), then the oldest they may act for.
    .orderBy(sql`${organisationPharmacies.pharmacyId} = ${userId} desc`, asc(organisationPharmacies.pharmacyId))
    .limit(asked === 'all' ? LIMITS.organisationMaxPharmacies : 1);
  const [row] = rows;
  if (!row) return undefined;
  // A person in two organisations sees one group at a time: their first pharmacy's.
  const group = rows.filter((r) => r.organisationId === row.organisationId).map((r) => r.pharmacyId);
  return {
    pharmacyId: row.pharmacyId,
    organisationId: row.organisationId,
    memberRole: row.memberRole,
    actorId: userId,
    actorName: `${row.name ?? ''} ${row.surname ?? ''}`.trim(),
    groupPharmacyIds: asked === 'all' ? group : null,
  };
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

export function createOwnerScopes(db: TDb, now: () => Date) {
  const entries = new Map<number, Map<string, { scope: TOwnerScope | undefined; expiresAt: number }>>();
  return {
    async resolve(userId: number, pharmacyId: TPharmacyAsked): Promise<TOwnerScope | undefined> {
      const key = pharmacyId === undefined ? '' : String(pharmacyId);
      const mine = entries.get(userId);
      const cached = mine?.get(key);
      if (cached && cached.expiresAt > now().getTime()) return cached.scope;
      const scope = await findOwnerScope(db, userId, pharmacyId);
      if (!mine && entries.size >= MAX_ENTRIES) entries.clear();
      const map = mine ?? new Map();
      map.set(key, { scope, expiresAt: now().getTime() + TTL_MS });
      entries.set(userId, map);
      return scope;
    },
    forget(userId: number) {
      entries.delete(userId);
    },
  };
}

export type TOwnerScopes = ReturnType<typeof createOwnerScopes>;

/** A change of an organisation's people, or of a person's sessions, reaches every instance's answers after the commit. */
export function subscribeOwnerScopes(bus: TEventBus, scopes: TOwnerScopes): void {
  bus.afterCommit(['organisation.members_changed', 'user.suspended', 'user.erased', 'session.ended'], (events) => {
    for (const event of events) {
      if (event.type === 'organisation.members_changed') for (const userId of event.userIds) scopes.forget(userId);
      else scopes.forget(event.userId);
    }
  });
}

import { ORGANISATION_MESSAGES as M } from '@farmaponte/shared/organisation';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { organisationMembers, organisationPharmacies, organisations } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { recordAdminAction, type TAuditAction, type TAuditEntry } from '../audit';
import type { TOwnerScope } from './access';

/** The person acting, as the audit log keeps them (their address as it was then). */
export type TActor = Pick<TOwnerScope, 'actorId' | 'organisationId' | 'memberRole'> & { email: string };

/** Its entry in the audit log, in the write's transaction: who of the organisation did what (decision 089). */
export function audit(
  tx: TDb,
  actor: TActor,
  action: TAuditAction,
  target: { userId?: number | null; type?: TAuditEntry['targetType']; id?: number; details?: Record<string, unknown> },
  now: Date,
) {
  return recordAdminAction(
    tx,
    { id: actor.actorId, email: actor.email },
    {
      action,
      targetUserId: target.userId ?? null,
      targetType: target.type ?? 'organisation',
      targetId: target.id ?? actor.organisationId,
      details: { organisation_id: actor.organisationId, ...(target.details ?? {}) },
    },
    now,
  );
}

/** Holds the organisation's row until the transaction ends: its people and pharmacies change one write at a time. */
export async function lockOrganisation(tx: TDb, organisationId: number) {
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('update');
  if (!row) throw notFound(M.pharmacyNotFound, 'pharmacy_not_found');
  return row;
}

/**
 * Locks the organisation for a change of its people or data, and checks under the lock that the person acting is still
 * one of its titolari (a request that began before they were stepped down or removed): 403 `titolare_only` otherwise.
 */
export async function lockAsTitolare(tx: TDb, actor: TActor) {
  const organisation = await lockOrganisation(tx, actor.organisationId);
  const [me] = await tx
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(organisationMembers.userId, actor.actorId)));
  if (me?.role !== 'titolare') throw forbidden(M.titolareOnly, 'titolare_only');
  return organisation;
}

export const membersOf = (tx: TDb, organisationId: number) =>
  tx
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationId, organisationId));

/** Tells every instance that who may act for this organisation changed (its people's scopes are read again). */
export async function membersChanged(tx: TDb, events: TEvents, organisationId: number, extra: number[] = []) {
  const userIds = [...new Set([...(await membersOf(tx, organisationId)).map((m) => m.userId), ...extra])];
  await events.record(tx, { type: 'organisation.members_changed', organisationId, userIds });
}

/** The pharmacies named for a member must be this organisation's: 400 naming the field otherwise. */
export async function checkPharmacies(tx: TDb, organisationId: number, pharmacyIds: number[]) {
  if (!pharmacyIds.length) return;
  const found = await tx
    .select({ id: organisationPharmacies.pharmacyId })
    .from(organisationPharmacies)
    .where(
      and(eq(organisationPharmacies.organisationId, organisationId), inArray(organisationPharmacies.pharmacyId, pharmacyIds)),
    );
  if (found.length !== new Set(pharmacyIds).size)
    throw badRequest(M.memberPharmacyUnknown, 'pharmacy_unknown', { pharmacy_ids: M.memberPharmacyUnknown });
}

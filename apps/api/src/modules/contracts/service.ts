/**
 * Reading and confirming contracts (decision 093). Only the parties see a contract: the pharmacist it names and the
 * staff of its pharmacy; anyone else gets 404 as if it did not exist. A contract stays readable by the side that is
 * left until `keep_until`, whatever became of the other side's account.
 */
import { todayInItaly } from '@farmaponte/shared';
import { CONTRACT_MESSAGES, type TContract, type TContractTerms } from '@farmaponte/shared/contracts';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, contracts } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction } from '../audit';

/** Who asks: the pharmacist herself, or a person of the pharmacy's staff acting for `pharmacyId`. */
export type TContractParty =
  | { side: 'pharmacist'; userId: number; email: string }
  | { side: 'owner'; pharmacyId: number; actorId: number; actorName: string; email: string };

type TContractRow = typeof contracts.$inferSelect;

const missing = () => notFound(CONTRACT_MESSAGES.notFound, 'contract_not_found');

const isParty = (row: Pick<TContractRow, 'farmacistaId' | 'pharmacyId'>, party: TContractParty) =>
  party.side === 'pharmacist' ? row.farmacistaId === party.userId : row.pharmacyId === party.pharmacyId;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

async function versionsOf(db: TDb, row: TContractRow) {
  if (row.applicationId === null) return [row];
  return db.select().from(contracts).where(eq(contracts.applicationId, row.applicationId)).orderBy(asc(contracts.version));
}

/** Whether the engagement still stands: its application accepted (a cancelled one is rejected, a deleted offer's gone). */
async function engagementStands(db: TDb, applicationId: number | null, lock = false): Promise<boolean> {
  if (applicationId === null) return false;
  const query = db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId));
  const [application] = lock ? await query.for('share') : await query;
  return application?.status === 'accepted';
}

/** The answer of GET /api/applications/{id}/contract/ for this version. */
async function contractView(db: TDb, row: TContractRow): Promise<TContract> {
  const [versions, stands] = await Promise.all([versionsOf(db, row), engagementStands(db, row.applicationId)]);
  const confirmed = row.ownerConfirmedAt && row.farmacistaConfirmedAt ? 'confermato_da_entrambi' : 'da_confermare';
  return {
    id: row.id,
    version: row.version,
    sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
    status: stands ? confirmed : 'annullato',
    owner_confirmation: row.ownerConfirmedAt
      ? { at: row.ownerConfirmedAt.toISOString(), by_name: row.ownerConfirmedName ?? '' }
      : null,
    pharmacist_confirmation: row.farmacistaConfirmedAt ? { at: row.farmacistaConfirmedAt.toISOString() } : null,
    terms: { ...(row.terms as TContractTerms), pay: (row.terms as TContractTerms).pay ?? null },
    pdf_url: `/api/contracts/${row.id}/pdf/`,
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      sha256: v.sha256,
      created_at: v.createdAt.toISOString(),
      superseded_at: iso(v.supersededAt),
      owner_confirmed_at: iso(v.ownerConfirmedAt),
      pharmacist_confirmed_at: iso(v.farmacistaConfirmedAt),
    })),
  };
}

/** The application's contract as its party sees it: the current version (the last one). 404 when none or not theirs. */
export async function contractOfApplication(db: TDb, party: TContractParty, applicationId: number, now: Date) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.applicationId, applicationId), gte(contracts.keepUntil, todayInItaly(now))))
    .orderBy(desc(contracts.version))
    .limit(1);
  if (!(row && isParty(row, party))) throw missing();
  return contractView(db, row);
}

/** A version's stored PDF, for its parties until `keep_until`. */
export async function contractDocument(db: TDb, party: TContractParty, contractId: number, now: Date) {
  const [row] = await db
    .select({
      pdf: contracts.pdf,
      sha256: contracts.sha256,
      version: contracts.version,
      applicationId: contracts.applicationId,
      farmacistaId: contracts.farmacistaId,
      pharmacyId: contracts.pharmacyId,
      keepUntil: contracts.keepUntil,
    })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  if (!(row && isParty(row, party) && row.keepUntil >= todayInItaly(now))) throw missing();
  return { ...row, number: row.applicationId ?? contractId };
}

/**
 * POST /api/contracts/{id}/confirm/: the caller's side confirms the version whose PDF has `sha256`. The contract's row
 * is locked, so two confirmations take turns: the second sees the first. 409 `contract_superseded` for a version no
 * longer current, 409 `contract_hash_mismatch` for another document; a side confirming again keeps its first
 * confirmation and writes nothing. Each confirmation has its audit entry; the second side's tells both.
 */
export async function confirmContract(
  db: TDb,
  events: TEvents,
  party: TContractParty,
  contractId: number,
  sha256: string,
  now: Date,
): Promise<TContract> {
  const row = await writeTransaction(db, async (tx) => {
    // The application before its contract (the lock order): a cancellation at the same moment comes first, and this
    // confirmation sees it, or waits for this one.
    const [target] = await tx
      .select({ applicationId: contracts.applicationId })
      .from(contracts)
      .where(eq(contracts.id, contractId));
    const stands = await engagementStands(tx, target?.applicationId ?? null, true);
    const [locked] = await tx.select().from(contracts).where(eq(contracts.id, contractId)).for('update');
    if (!(locked && isParty(locked, party) && locked.keepUntil >= todayInItaly(now))) throw missing();
    if (locked.supersededAt) throw conflict(CONTRACT_MESSAGES.superseded, 'contract_superseded');
    if (!stands) throw conflict(CONTRACT_MESSAGES.engagementCancelled, 'engagement_cancelled');
    if (locked.sha256 !== sha256) throw conflict(CONTRACT_MESSAGES.hashMismatch, 'contract_hash_mismatch');
    const already = party.side === 'owner' ? locked.ownerConfirmedAt : locked.farmacistaConfirmedAt;
    if (already) return locked;
    const change =
      party.side === 'owner'
        ? { ownerConfirmedAt: now, ownerConfirmedBy: party.actorId, ownerConfirmedName: party.actorName }
        : { farmacistaConfirmedAt: now };
    const [updated] = await tx.update(contracts).set(change).where(eq(contracts.id, contractId)).returning();
    if (!updated) throw missing();
    await recordAdminAction(
      tx,
      { id: party.side === 'owner' ? party.actorId : party.userId, email: party.email },
      {
        action: 'contract.confirm',
        targetUserId: party.side === 'owner' ? updated.farmacistaId : updated.pharmacyId,
        targetType: 'contract',
        targetId: updated.id,
        details: {
          side: party.side,
          version: updated.version,
          sha256: updated.sha256,
          application_id: updated.applicationId,
          pharmacy_id: updated.pharmacyId,
        },
      },
      now,
    );
    if (updated.ownerConfirmedAt && updated.farmacistaConfirmedAt)
      await events.record(tx, {
        type: 'contract.confirmed',
        contractId: updated.id,
        version: updated.version,
        pharmacistId: updated.farmacistaId,
        ownerId: updated.pharmacyId,
      });
    return updated;
  });
  return contractView(db, row);
}

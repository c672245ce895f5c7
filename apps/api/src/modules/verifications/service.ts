/**
 * Verification by an admin (decision 049): the queue of owners and pharmacists waiting, the decision that approves or
 * rejects them (and publishes an approved owner's waiting offers), and an owner's document for the admin.
 */
import {
  LIMITS,
  lateRequestsBefore,
  MESSAGES,
  type TVerificationDecision,
  type TVerificationRow,
  type TVerificationsQuery,
  type TVerifiedRole,
  waitsMoreThanOneWorkingDay,
} from '@farmaponte/shared';
import { and, asc, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  offers,
  pharmacies,
  profiles,
  users,
  verificationDocumentPieces,
  verificationDocuments,
  verifications,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { storeInPieces, type TPieceTables } from '../../lib/pieces';
import { preparedRows } from '../../lib/prepared-rows';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction, recordAdminRead, type TAuditActor } from '../audit';
import { checkPdfInWorker } from '../cv';
import { lockOffersOfAccount } from '../offers';
import { claimsOf, lockRegistryPharmacy, type TClaim, verifiedClaimOf } from '../pharmacies';

/** What a queue row selects: the request, the user, what they typed, the registry row, whether a document is stored. */
const rowColumns = {
  userId: verifications.userId,
  email: users.email,
  role: users.role,
  status: verifications.status,
  reason: verifications.reason,
  requestedAt: verifications.requestedAt,
  name: profiles.name,
  surname: profiles.surname,
  denominazioneFarmacia: profiles.denominazioneFarmacia,
  indirizzoFarmacia: profiles.indirizzoFarmacia,
  comuneFarmacia: profiles.comuneFarmacia,
  partitaIva: profiles.partitaIva,
  codFarmacia: profiles.codFarmacia,
  ordineProvincia: profiles.ordineProvincia,
  numeroIscrizioneAlbo: profiles.numeroIscrizioneAlbo,
  dataIscrizioneAlbo: profiles.dataIscrizioneAlbo,
  registryCod: pharmacies.codFarmacia,
  registryName: pharmacies.name,
  registryAddress: pharmacies.address,
  registryCap: pharmacies.cap,
  registryComune: pharmacies.comune,
  registryProvincia: pharmacies.siglaProvincia,
  registryPartitaIva: pharmacies.partitaIva,
  documentUserId: verificationDocuments.userId,
};

function queueSelect(db: TDb, where: SQL | undefined) {
  return (
    db
      .select(rowColumns)
      .from(verifications)
      .innerJoin(users, eq(users.id, verifications.userId))
      .leftJoin(profiles, eq(profiles.userId, verifications.userId))
      // An owner's registry row; a blank cod_farmacia is a pharmacy entered by hand, in no registry.
      .leftJoin(
        pharmacies,
        and(eq(users.role, 'titolare'), ne(profiles.codFarmacia, ''), eq(pharmacies.codFarmacia, profiles.codFarmacia)),
      )
      .leftJoin(verificationDocuments, eq(verificationDocuments.userId, verifications.userId))
      .where(where)
  );
}

type TQueueRow = Awaited<ReturnType<typeof queueSelect>>[number];

function toRow(
  r: TQueueRow,
  documentUrl: (ownerId: number) => string,
  now: Date,
  claims: Map<string, TClaim[]>,
): TVerificationRow {
  const role: TVerifiedRole = r.role === 'farmacista' ? 'farmacista' : 'titolare';
  const entered =
    role === 'titolare'
      ? {
          name: r.name ?? '',
          surname: r.surname ?? '',
          denominazione_farmacia: r.denominazioneFarmacia ?? '',
          indirizzo_farmacia: r.indirizzoFarmacia ?? '',
          comune_farmacia: r.comuneFarmacia ?? '',
          partita_iva: r.partitaIva ?? '',
          cod_farmacia: r.codFarmacia ?? '',
        }
      : {
          name: r.name ?? '',
          surname: r.surname ?? '',
          ordine_provincia: r.ordineProvincia ?? '',
          numero_iscrizione_albo: r.numeroIscrizioneAlbo ?? '',
          data_iscrizione_albo: r.dataIscrizioneAlbo ?? '',
        };
  return {
    user_id: r.userId,
    email: r.email,
    role,
    entered,
    registry: r.registryCod
      ? {
          cod_farmacia: r.registryCod,
          name: r.registryName ?? '',
          address: r.registryAddress ?? '',
          cap: r.registryCap ?? '',
          comune: r.registryComune ?? '',
          sigla_provincia: r.registryProvincia ?? '',
          partita_iva: r.registryPartitaIva ?? '',
        }
      : null,
    document_url: r.documentUserId ? documentUrl(r.userId) : null,
    requested_at: r.requestedAt.toISOString(),
    late: r.status === 'pending' && waitsMoreThanOneWorkingDay(r.requestedAt, now),
    status: r.status,
    reason: r.reason,
    other_claims:
      role === 'titolare' && r.codFarmacia ? (claims.get(r.codFarmacia) ?? []).filter((claim) => claim.user_id !== r.userId) : [],
  };
}

/** The owners who named the registry pharmacies of these rows (a double claim is shown on each). */
function claimsOfRows(db: TDb, rows: TQueueRow[]) {
  return claimsOf(
    db,
    rows.filter((r) => r.role === 'titolare').map((r) => r.codFarmacia ?? ''),
  );
}

/**
 * One page of the queue, oldest request first, with the count of all that match and, of the pending ones of the role,
 * how many have waited more than one working day. `documentUrl` signs a document link for the admin reading.
 */
export async function listVerifications(
  db: TDb,
  query: TVerificationsQuery,
  now: Date,
  documentUrl: (ownerId: number) => string,
): Promise<{ count: number; late: number; results: TVerificationRow[] }> {
  // Named statements (lib/prepared-rows.ts), one set with the role filter and one without: planned once per
  // connection, not on every opening of the queue.
  const shape = query.role ? 'role' : 'all';
  const role = query.role ? eq(users.role, sql.placeholder('role')) : undefined;
  const where = and(eq(verifications.status, sql.placeholder('status')), role);
  const values = {
    status: query.status,
    role: query.role,
    lateBefore: lateRequestsBefore(now),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  };
  const [[total], [late], rows] = await Promise.all([
    preparedRows(
      db,
      `verifications_count_${shape}`,
      () => db.select({ n: count() }).from(verifications).innerJoin(users, eq(users.id, verifications.userId)).where(where),
      values,
    ),
    preparedRows(
      db,
      `verifications_late_${shape}`,
      () =>
        db
          .select({ n: count() })
          .from(verifications)
          .innerJoin(users, eq(users.id, verifications.userId))
          .where(
            and(
              eq(verifications.status, 'pending'),
              role,
              sql`(${verifications.requestedAt} at time zone 'Europe/Rome')::date < ${sql.placeholder('lateBefore')}::date`,
            ),
          ),
      values,
    ),
    preparedRows(
      db,
      `verifications_page_${shape}`,
      () =>
        queueSelect(db, where)
          .orderBy(asc(verifications.requestedAt), asc(verifications.userId))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      values,
    ),
  ]);
  const claims = await claimsOfRows(db, rows);
  return {
    count: Number(total?.n ?? 0),
    late: Number(late?.n ?? 0),
    results: rows.map((r) => toRow(r, documentUrl, now, claims)),
  };
}

async function verificationRow(db: TDb, userId: number, documentUrl: (ownerId: number) => string, now: Date) {
  const [row] = await queueSelect(db, eq(verifications.userId, userId));
  if (!row) throw notFound(MESSAGES.verificationNotFound, 'verification_not_found');
  return toRow(row, documentUrl, now, await claimsOfRows(db, [row]));
}

/**
 * An admin approves or rejects a pending request (404 without one, 409 once decided). One transaction in the lock
 * order (docs/architecture.md): the user's row, their offers, then the request; an approved owner's waiting offers
 * are published at `now`; the user is told in the app and by mail. A pharmacist's approval is due again after
 * LIMITS.alboRecheckAfterDays. The decision's audit entry (verification.verify / .reject, with the role and the
 * reason) is written in the same transaction. Answers the request as it now is and how many offers went out.
 */
export async function decideVerification(
  db: TDb,
  events: TEvents,
  admin: TAuditActor & { id: number },
  userId: number,
  { decision, reason }: TVerificationDecision,
  now: Date,
  documentUrl: (ownerId: number) => string,
): Promise<{ verification: TVerificationRow; published: number }> {
  const published = await writeTransaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!user) throw notFound(MESSAGES.verificationNotFound, 'verification_not_found');
    // An owner's registry pharmacy next (step 1b of the lock order): two approvals for one pharmacy take turns.
    const [claimed] =
      user.role === 'titolare'
        ? await tx.select({ code: profiles.codFarmacia }).from(profiles).where(eq(profiles.userId, userId))
        : [];
    if (claimed?.code) await lockRegistryPharmacy(tx, claimed.code);
    await lockOffersOfAccount(tx, userId);
    const [request] = await tx
      .select({ status: verifications.status })
      .from(verifications)
      .where(eq(verifications.userId, userId))
      .for('update');
    if (!request) throw notFound(MESSAGES.verificationNotFound, 'verification_not_found');
    if (request.status !== 'pending') throw conflict(MESSAGES.verificationNotPending, 'verification_not_pending');
    const role: TVerifiedRole = user.role === 'farmacista' ? 'farmacista' : 'titolare';
    const approved = decision === 'verified';
    if (approved && claimed?.code && (await verifiedClaimOf(tx, claimed.code, userId)))
      throw conflict(MESSAGES.pharmacyClaimedByVerifiedOwner, 'pharmacy_already_claimed');
    await tx
      .update(verifications)
      .set({
        status: decision,
        reason: approved ? null : reason,
        decidedAt: now,
        decidedBy: admin.id,
        recheckAt: approved && role === 'farmacista' ? new Date(now.getTime() + LIMITS.alboRecheckAfterDays * 86_400_000) : null,
      })
      .where(eq(verifications.userId, userId));
    let count = 0;
    if (approved && role === 'titolare') {
      const rows = await tx
        .update(offers)
        .set({ publishedAt: now, updatedAt: now })
        .where(and(eq(offers.ownerId, userId), isNull(offers.publishedAt)))
        .returning({ id: offers.id });
      count = rows.length;
    }
    await events.record(tx, {
      type: 'verification.decided',
      userId,
      role,
      approved,
      reason: approved ? null : reason,
      published: count,
    });
    await recordAdminAction(
      tx,
      admin,
      {
        action: approved ? 'verification.verify' : 'verification.reject',
        targetUserId: userId,
        details: approved ? { role } : { role, reason },
      },
      now,
    );
    return count;
  });
  return { verification: await verificationRow(db, userId, documentUrl, now), published };
}

/** Document uploads per owner per hour (each one is parsed): 429 past LIMITS.verificationDocumentUploadsPerHour. */
export function takeDocumentUploadQuota(counters: TCounterStore, userId: number) {
  return takeQuota(counters, `verification-document:${userId}`, {
    max: LIMITS.verificationDocumentUploadsPerHour,
    windowMs: LIMITS.quotaWindowMs,
    message: MESSAGES.verificationDocumentUploadsLimit,
    code: 'document_upload_quota',
  });
}

/**
 * Checks an owner's document like a CV (a PDF of at most LIMITS.cvMaxBytes, parsed in a worker) and stores it in
 * place of the previous one. A bad file changes nothing (400 invalid_pdf / pdf_too_large). Answers when it was stored.
 */
export async function saveVerificationDocument(db: TDb, userId: number, body: Uint8Array, now: Date): Promise<Date> {
  const result = await checkPdfInWorker(body);
  if (!('bytes' in result))
    throw result.error === 'pdf_too_large'
      ? badRequest(MESSAGES.verificationDocumentTooLarge, 'pdf_too_large')
      : badRequest(MESSAGES.invalidPdf, 'invalid_pdf');
  const bytes = Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
  await storeVerificationDocument(db, userId, bytes, now, result.sha256);
  // A new document answers a rejection: the request waits for an admin again (as a changed pharmacy does), from now,
  // under the user's row (the lock order), so an admin's decision is either seen by it or comes after it.
  await writeTransaction(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    await tx
      .update(verifications)
      .set({ status: 'pending', requestedAt: now, reason: null, decidedAt: null, decidedBy: null })
      .where(and(eq(verifications.userId, userId), eq(verifications.status, 'rejected')));
  });
  return now;
}

/** The document's tables for storeInPieces, as for CVs. */
const DOCUMENT_TABLES: TPieceTables = {
  insertPieces: (db, pieces) => db.insert(verificationDocumentPieces).values(pieces),
  makeCurrent: async (db, head) => {
    const { userId, ...rest } = head;
    await db.insert(verificationDocuments).values(head).onConflictDoUpdate({ target: verificationDocuments.userId, set: rest });
    await db
      .delete(verificationDocumentPieces)
      .where(and(eq(verificationDocumentPieces.userId, userId), ne(verificationDocumentPieces.version, head.version)));
  },
  deleteVersion: (db, userId, version) =>
    db
      .delete(verificationDocumentPieces)
      .where(and(eq(verificationDocumentPieces.userId, userId), eq(verificationDocumentPieces.version, version))),
};

/** Stores (or replaces) an owner's document, already checked: the upload above, the demo. */
export function storeVerificationDocument(db: TDb, userId: number, bytes: Buffer, now: Date, sha256?: string) {
  return storeInPieces(DOCUMENT_TABLES, db, userId, bytes, now, sha256);
}

/** The admin a document link was signed for, if they still are one (docs/rules.md#verifications); else undefined. */
export async function documentReader(db: TDb, viewerId: number): Promise<TAuditActor | undefined> {
  const [viewer] = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, viewerId));
  return viewer?.role === 'admin' ? { id: viewerId, email: viewer.email } : undefined;
}

/** An admin opens an owner's document: its audit entry, written before the bytes are answered (503 when it cannot be). */
export function recordDocumentOpen(db: TDb, reader: TAuditActor, ownerId: number, now: Date) {
  return recordAdminRead(db, reader, { action: 'verification.document_open', targetUserId: ownerId }, now);
}

/** An owner's document: the pieces of its current version, joined in one statement. */
export async function readVerificationDocument(db: TDb, userId: number): Promise<Buffer | undefined> {
  const pieces = await db
    .select({ data: verificationDocumentPieces.data })
    .from(verificationDocuments)
    .innerJoin(
      verificationDocumentPieces,
      and(
        eq(verificationDocumentPieces.userId, verificationDocuments.userId),
        eq(verificationDocumentPieces.version, verificationDocuments.version),
      ),
    )
    .where(eq(verificationDocuments.userId, userId))
    .orderBy(verificationDocumentPieces.n);
  if (!pieces.length) return undefined;
  return Buffer.concat(pieces.map((p) => p.data));
}

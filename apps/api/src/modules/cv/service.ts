/** CV storage (docs/rules.md#cvs): checked PDF bytes in cv_file_pieces, the current version in cv_files, and who may read them. */
import { LIMITS, MESSAGES, type TCvView, type TCvViewsQuery, type TRole } from '@farmaponte/shared';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { cvFilePieces, cvFiles, cvViews, profiles, retentionNotices, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { storeInPieces, type TPieceTables } from '../../lib/pieces';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminRead } from '../audit';
import type { TCheckAnswer } from './cv-worker-messages';
import { checkBase64CvInWorker, checkCvBytesInWorker } from './cv-workers';

/** The answer of a CV check: the bytes to store, or the 400 that refuses them (messages and codes in docs/rules.md#cvs). */
function checked(result: TCheckAnswer): TCheckedCv {
  if ('bytes' in result)
    return { bytes: Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength), sha256: result.sha256 };
  throw result.error === 'pdf_too_large'
    ? badRequest(MESSAGES.pdfTooLarge, 'pdf_too_large')
    : badRequest(MESSAGES.invalidPdf, 'invalid_pdf');
}

export interface TCheckedCv {
  bytes: Buffer;
  sha256: string;
}

/**
 * Decodes and checks an uploaded CV: valid base64, at most 5 MB, %PDF- header, parses as a PDF with at least one page.
 * The work runs in a worker thread (cv-worker.ts): on the main thread it held every other request for seconds.
 * A large upload arrives already decoded by its worker (upload-body.ts): `null` when it was not base64.
 */
export async function decodeCv(cv: string | Uint8Array | null): Promise<TCheckedCv> {
  if (cv === null) throw badRequest(MESSAGES.invalidPdf, 'invalid_pdf');
  return checked(typeof cv === 'string' ? await checkBase64CvInWorker(cv) : await checkCvBytesInWorker(cv));
}

/** CV uploads per user per hour (each one is decoded and parsed): 429 past LIMITS.cvUploadsPerHour. */
export function takeCvUploadQuota(counters: TCounterStore, userId: number) {
  return takeQuota(counters, `cv-upload:${userId}`, {
    max: LIMITS.cvUploadsPerHour,
    windowMs: LIMITS.quotaWindowMs,
    message: MESSAGES.cvUploadsLimit,
    code: 'cv_upload_quota',
  });
}

/** The CV's tables for storeInPieces: the pieces in cv_file_pieces, the current version in cv_files. */
const CV_TABLES: TPieceTables = {
  insertPieces: (db, pieces) => db.insert(cvFilePieces).values(pieces),
  makeCurrent: async (db, head) => {
    const { userId, ...rest } = head;
    await db.insert(cvFiles).values(head).onConflictDoUpdate({ target: cvFiles.userId, set: rest });
    await db.delete(cvFilePieces).where(and(eq(cvFilePieces.userId, userId), ne(cvFilePieces.version, head.version)));
    // A new CV starts its term again: the warning about the old one no longer holds (decision 068).
    await db.delete(retentionNotices).where(and(eq(retentionNotices.userId, userId), eq(retentionNotices.kind, 'cv')));
  },
  deleteVersion: (db, userId, version) =>
    db.delete(cvFilePieces).where(and(eq(cvFilePieces.userId, userId), eq(cvFilePieces.version, version))),
};

/** Stores (or replaces) a user's CV bytes, already checked (the previous CV and any unfinished upload go). */
export function storeCv(db: TDb, userId: number, bytes: Buffer, now: Date, sha256?: string) {
  return storeInPieces(CV_TABLES, db, userId, bytes, now, sha256);
}

/** An upload as the API receives it: checked, then stored; a bad file changes nothing. */
export async function saveUploadedCv(db: TDb, userId: number, cv: string | Uint8Array | null, now: Date) {
  const { bytes, sha256 } = await decodeCv(cv);
  await storeCv(db, userId, bytes, now, sha256);
}

export async function hasCv(db: TDb, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: cvFiles.userId }).from(cvFiles).where(eq(cvFiles.userId, userId));
  return Boolean(row);
}

/**
 * Who reads the CV of cvOwner, if they may be allowed: its owner, an admin, or a titolare (whether the owner applied to
 * them, and whether the contact term still runs, is asked of applications: ownerCvAccess). Undefined for anyone else.
 * With the name the pharmacist's list of views shows (decision 067).
 */
export async function cvReader(db: TDb, viewerId: number, cvOwnerId: number): Promise<TCvReader | undefined> {
  const [viewer] = await db
    .select({
      email: users.email,
      role: users.role,
      suspendedAt: users.suspendedAt,
      name: profiles.name,
      surname: profiles.surname,
      pharmacy: profiles.denominazioneFarmacia,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, viewerId));
  if (!viewer) return undefined;
  if (viewerId !== cvOwnerId && viewer.role !== 'admin' && viewer.role !== 'titolare') return undefined;
  // A signed link stops while the account it was given to, or the CV's owner, is suspended (decision 083); an admin's
  // link still opens a suspended pharmacist's CV (the desk may need it).
  if (viewer.suspendedAt) return undefined;
  if (viewer.role !== 'admin' && viewerId !== cvOwnerId) {
    const [owner] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, cvOwnerId));
    if (!owner || owner.suspendedAt) return undefined;
  }
  return {
    id: viewerId,
    email: viewer.email,
    role: viewer.role,
    name: [viewer.name, viewer.surname].filter(Boolean).join(' '),
    pharmacy: viewer.pharmacy || null,
  };
}

export interface TCvReader {
  id: number;
  email: string;
  role: TRole;
  /** Name and surname from the profile. */
  name: string;
  /** An owner's pharmacy, else null. */
  pharmacy: string | null;
}

/** How an admin is named to the pharmacist in the list of views: the staff, not the person (decision 067). */
export const ADMIN_VIEWER_NAME = 'Staff Farmaponte';

/**
 * Someone else opening a pharmacist's CV, recorded before a byte is answered (decision 067): the row of the
 * pharmacist's 'Chi ha visto il tuo CV', in one transaction with what the opening changes (`alsoInTx`: the owner's
 * applications becoming `seen`, which locks offers and applications first, the lock order) and, for an admin, with the
 * audit entry (cv.open, decision 061): 503 when it cannot be written, so no CV leaves unrecorded. The pharmacist
 * opening their own CV records nothing.
 */
export async function recordCvOpen(
  db: TDb,
  reader: TCvReader,
  cvOwnerId: number,
  now: Date,
  through: { applicationId: number; offerTitle: string } | undefined,
  alsoInTx: (tx: TDb) => Promise<void> = async () => {},
): Promise<void> {
  if (reader.id === cvOwnerId) return;
  const admin = reader.role === 'admin';
  await writeTransaction(db, async (tx) => {
    await alsoInTx(tx);
    await tx.insert(cvViews).values({
      pharmacistId: cvOwnerId,
      viewerId: reader.id,
      viewerRole: admin ? 'admin' : 'titolare',
      viewerName: admin ? ADMIN_VIEWER_NAME : reader.name,
      pharmacyName: admin ? null : reader.pharmacy,
      applicationId: through?.applicationId ?? null,
      offerTitle: through?.offerTitle ?? null,
      at: now,
    });
    // 503 audit_unavailable when the entry cannot be written: the transaction, and so the view, go with it.
    if (admin)
      await recordAdminRead(tx, { id: reader.id, email: reader.email }, { action: 'cv.open', targetUserId: cvOwnerId }, now);
  });
}

/** A pharmacist's own list of who opened their CV, newest first, a page at a time, with the total. */
export async function listCvViews(db: TDb, pharmacistId: number, { page, page_size }: TCvViewsQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: cvViews.id,
        viewerRole: cvViews.viewerRole,
        viewerName: cvViews.viewerName,
        pharmacyName: cvViews.pharmacyName,
        offerTitle: cvViews.offerTitle,
        applicationId: cvViews.applicationId,
        at: cvViews.at,
      })
      .from(cvViews)
      .where(eq(cvViews.pharmacistId, pharmacistId))
      .orderBy(desc(cvViews.at), desc(cvViews.id))
      .limit(page_size)
      .offset((page - 1) * page_size),
    db.select({ n: count() }).from(cvViews).where(eq(cvViews.pharmacistId, pharmacistId)),
  ]);
  return {
    count: Number(total?.n ?? 0),
    results: rows.map(
      (row): TCvView => ({
        id: row.id,
        viewer_role: row.viewerRole,
        viewer_name: row.viewerName,
        pharmacy_name: row.pharmacyName,
        offer_title: row.offerTitle,
        application_id: row.applicationId,
        at: row.at.toISOString(),
      }),
    ),
  };
}

/** A user's CV: the pieces of its current version, joined (one statement, so never half of a CV being replaced). */
export async function readCv(db: TDb, userId: number) {
  const pieces = await db
    .select({ data: cvFilePieces.data, size: cvFiles.size })
    .from(cvFiles)
    .innerJoin(cvFilePieces, and(eq(cvFilePieces.userId, cvFiles.userId), eq(cvFilePieces.version, cvFiles.version)))
    .where(eq(cvFiles.userId, userId))
    .orderBy(cvFilePieces.n);
  const [first] = pieces;
  if (!first) return undefined;
  return { data: pieces.length === 1 ? first.data : Buffer.concat(pieces.map((p) => p.data)), size: first.size };
}

/**
 * An owner's opening of an applicant's CV as the demo tells it: the view recorded and the applications `seen` in one
 * transaction, as the download does (`markSeen` is applications' markApplicationsSeenIn, given by the caller).
 */
export async function recordOwnerCvOpen(
  db: TDb,
  ownerId: number,
  cvOwnerId: number,
  through: { applicationId: number; offerTitle: string },
  now: Date,
  markSeen: (tx: TDb) => Promise<void>,
): Promise<void> {
  const reader = await cvReader(db, ownerId, cvOwnerId);
  if (!reader) throw new Error(`user ${ownerId} cannot read the CV of ${cvOwnerId}`);
  await recordCvOpen(db, reader, cvOwnerId, now, through, markSeen);
}

/**
 * Deletes the user's CV if it is still at `version` (a CV uploaded meanwhile stays), with its pieces; true when it went.
 * The retention job's erasure of a CV not updated for its term (decision 068).
 */
export async function deleteCvVersion(db: TDb, userId: number, version: string): Promise<boolean> {
  const deleted = await db
    .delete(cvFiles)
    .where(and(eq(cvFiles.userId, userId), eq(cvFiles.version, version)))
    .returning({ version: cvFiles.version });
  if (deleted.length === 0) return false;
  await CV_TABLES.deleteVersion(db, userId, version);
  return true;
}

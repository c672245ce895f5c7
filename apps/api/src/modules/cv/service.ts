/** CV storage (docs/rules.md#cvs): checked PDF bytes in cv_file_pieces, the current version in cv_files, and who may read them. */
import { createHash, randomUUID } from 'node:crypto';
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { and, eq, ne } from 'drizzle-orm';
import { isEmbedded, type TDb } from '../../db/client';
import { applications, cvFilePieces, cvFiles, offers, users } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { unlessParentGone } from '../../lib/sql';
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

/** Stores (or replaces) a user's CV bytes, already checked. */
export async function storeCv(db: TDb, userId: number, bytes: Buffer, now: Date, sha256?: string) {
  const head = {
    userId,
    version: randomUUID(),
    size: bytes.length,
    sha256: sha256 ?? createHash('sha256').update(bytes).digest('hex'),
    uploadedAt: now,
  };
  const pieces = Array.from({ length: Math.ceil(bytes.length / PIECE_BYTES) }, (_, n) => ({
    userId,
    version: head.version,
    n,
    data: bytes.subarray(n * PIECE_BYTES, (n + 1) * PIECE_BYTES),
  }));
  // The account deleted meanwhile (a concurrent request, another instance): its session is over.
  await unlessParentGone(
    () =>
      isEmbedded(db)
        ? storeOnEmbedded(db, head, pieces)
        : db.transaction(async (tx) => {
            await tx.insert(cvFilePieces).values(pieces);
            await makeCurrent(tx, head);
          }),
    unauthorized,
  );
}

type THead = typeof cvFiles.$inferInsert & { version: string };
type TPiece = typeof cvFilePieces.$inferInsert;

/** Bytes per piece: on the embedded database one piece is one statement of a few milliseconds (docs/decisions/030). */
const PIECE_BYTES = 256 * 1024;

/**
 * Points the user's CV at `head.version` (one small statement: the CV is replaced whole or not at all), then removes
 * the pieces of every other version: the previous CV, and any left by an upload that never finished.
 */
async function makeCurrent(db: TDb, head: THead) {
  const { userId, ...rest } = head;
  await db.insert(cvFiles).values(head).onConflictDoUpdate({ target: cvFiles.userId, set: rest });
  await db.delete(cvFilePieces).where(and(eq(cvFilePieces.userId, userId), ne(cvFilePieces.version, head.version)));
}

let embeddedWrites: Promise<unknown> = Promise.resolve();

/**
 * On PGlite every statement runs on the main thread, and every request queues behind it (decision 021): one statement
 * writing 5 MB held them all for 100–250 ms. Each piece is its own statement, with a turn for other requests in
 * between, under a version nobody reads yet; only then does the CV point at it. One upload at a time does this, so a
 * request waits behind at most one piece.
 */
function storeOnEmbedded(db: TDb, head: THead, pieces: TPiece[]) {
  const write = async () => {
    try {
      for (const piece of pieces) {
        await db.insert(cvFilePieces).values(piece);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await makeCurrent(db, head);
    } catch (error) {
      await db
        .delete(cvFilePieces)
        .where(and(eq(cvFilePieces.userId, head.userId), eq(cvFilePieces.version, head.version)))
        .catch(() => {});
      throw error;
    }
  };
  const done = embeddedWrites.then(write, write);
  embeddedWrites = done.catch(() => {});
  return done;
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

/** May viewer read the CV of cvOwner? Its owner, an admin, or a titolare the owner applied to (docs/rules.md#cvs). */
export async function mayReadCv(db: TDb, viewerId: number, cvOwnerId: number): Promise<boolean> {
  if (viewerId === cvOwnerId) return true;
  const [viewer] = await db.select({ role: users.role }).from(users).where(eq(users.id, viewerId));
  if (!viewer) return false;
  if (viewer.role === 'admin') return true;
  if (viewer.role !== 'titolare') return false;
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(and(eq(applications.farmacistaId, cvOwnerId), eq(offers.ownerId, viewerId)))
    .limit(1);
  return Boolean(application);
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

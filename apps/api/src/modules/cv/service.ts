/** CV storage (DESIGN §7): checked PDF bytes in cv_files, and who may read them. */
import { createHash, randomUUID } from 'node:crypto';
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { and, eq, sql } from 'drizzle-orm';
import { isEmbedded, type TDb } from '../../db/client';
import { applications, cvFiles, offers, users } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { unlessParentGone } from '../../lib/sql';
import { checkCvInWorker } from './pdf-checker';

/**
 * Decodes and checks an uploaded CV: valid base64, at most 5 MB, %PDF- header, parses as a PDF with at least one page.
 * The work runs in a worker thread (pdf-check-worker.mjs): on the main thread it held every other request for seconds.
 */
export async function decodeCv(base64: string): Promise<Buffer> {
  const result = await checkCvInWorker(base64);
  if ('bytes' in result) return result.bytes;
  throw result.error === 'pdf_too_large'
    ? badRequest(MESSAGES.pdfTooLarge, 'pdf_too_large')
    : badRequest(MESSAGES.invalidPdf, 'invalid_pdf');
}

/** Stores (or replaces) a user's CV bytes, already checked. */
export async function storeCv(db: TDb, userId: number, bytes: Buffer, now: Date) {
  const row = { data: bytes, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), uploadedAt: now };
  // The account deleted meanwhile (a concurrent request, another instance): its session is over.
  await unlessParentGone(
    () =>
      isEmbedded(db)
        ? storeInPieces(db, userId, row)
        : db
            .insert(cvFiles)
            .values({ userId, ...row })
            .onConflictDoUpdate({ target: cvFiles.userId, set: row }),
    unauthorized,
  );
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

/** Bytes per statement on the embedded database: a few milliseconds of PGlite's time each. */
const PIECE_BYTES = 512 * 1024;
let embeddedWrites: Promise<unknown> = Promise.resolve();

/**
 * On PGlite one 5 MB statement holds the main thread, and every request queued behind it, for 100–250 ms (issue 9).
 * The bytes go in 512 KB pieces to a temporary table (PGlite has one connection, so it is always the same one), each
 * its own statement with other requests' turns in between; one statement then joins them into cv_files, so the CV is
 * replaced whole or not at all. One upload at a time does this, so a request waits behind at most one join.
 */
function storeInPieces(db: TDb, userId: number, row: { data: Buffer; size: number; sha256: string; uploadedAt: Date }) {
  const write = async () => {
    const upload = randomUUID();
    await db.execute(
      sql`create temp table if not exists cv_upload_pieces (upload text not null, n integer not null, piece bytea not null)`,
    );
    try {
      for (let n = 0; n * PIECE_BYTES < row.size; n++) {
        const piece = row.data.subarray(n * PIECE_BYTES, (n + 1) * PIECE_BYTES);
        await db.execute(sql`insert into cv_upload_pieces (upload, n, piece) values (${upload}, ${n}, ${piece})`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await db.execute(sql`
        insert into ${cvFiles} (user_id, data, size, sha256, uploaded_at)
        select ${userId}, string_agg(piece, ''::bytea order by n), ${row.size}, ${row.sha256}, ${row.uploadedAt.toISOString()}
        from cv_upload_pieces where upload = ${upload}
        on conflict (user_id) do update
        set data = excluded.data, size = excluded.size, sha256 = excluded.sha256, uploaded_at = excluded.uploaded_at`);
    } finally {
      await db.execute(sql`delete from cv_upload_pieces where upload = ${upload}`);
    }
  };
  const done = embeddedWrites.then(write, write);
  embeddedWrites = done.catch(() => {});
  return done;
}

/** An upload as the API receives it: checked, then stored; a bad file changes nothing. */
export async function saveUploadedCv(db: TDb, userId: number, base64: string, now: Date) {
  await storeCv(db, userId, await decodeCv(base64), now);
}

export async function hasCv(db: TDb, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: cvFiles.userId }).from(cvFiles).where(eq(cvFiles.userId, userId));
  return Boolean(row);
}

/** May viewer read the CV of cvOwner? Its owner, an admin, or a titolare the owner applied to (DESIGN §5). */
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

export async function readCv(db: TDb, userId: number) {
  const [row] = await db.select({ data: cvFiles.data, size: cvFiles.size }).from(cvFiles).where(eq(cvFiles.userId, userId));
  return row;
}

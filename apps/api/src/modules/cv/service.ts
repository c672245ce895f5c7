/** CV storage (DESIGN §7): checked PDF bytes in cv_files, and who may read them. */
import { createHash } from 'node:crypto';
import { MESSAGES } from '@farmaponte/shared';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, cvFiles, offers, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
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
  await db
    .insert(cvFiles)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: cvFiles.userId, set: row });
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

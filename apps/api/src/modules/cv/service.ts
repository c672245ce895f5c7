/** CV storage (DESIGN §7): checked PDF bytes in cv_files, and who may read them. */
import { createHash } from 'node:crypto';
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { TDb } from '../../db/client';
import { applications, cvFiles, offers, users } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { unlessParentGone } from '../../lib/sql';

/** Decodes and checks an uploaded CV: valid base64, %PDF- header, parses as a PDF, at most 5 MB. */
export async function decodeCv(base64: string): Promise<Buffer> {
  const clean = base64.replace(/^data:application\/pdf;base64,/, '').replace(/\s+/g, '');
  if (!clean || !/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || clean.length % 4 !== 0)
    throw badRequest(MESSAGES.invalidPdf, 'invalid_pdf');
  const bytes = Buffer.from(clean, 'base64');
  if (bytes.length > LIMITS.cvMaxBytes) throw badRequest(MESSAGES.pdfTooLarge, 'pdf_too_large');
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest(MESSAGES.invalidPdf, 'invalid_pdf');
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    if (doc.getPageCount() < 1) throw new Error('no pages');
  } catch {
    throw badRequest(MESSAGES.invalidPdf, 'invalid_pdf');
  }
  return bytes;
}

/** Stores (or replaces) a user's CV bytes, already checked. */
export async function storeCv(db: TDb, userId: number, bytes: Buffer, now: Date) {
  const row = { data: bytes, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), uploadedAt: now };
  // The account deleted meanwhile (a concurrent request, another instance): its session is over.
  await unlessParentGone(
    () =>
      db
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

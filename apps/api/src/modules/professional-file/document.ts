/**
 * The PDF of the pharmacist's insurance policy (decision 093): at most 5 MB, kept in her file's row (bytea) with its
 * name and SHA-256, read back only by her. A save or a removal takes her user row first (the lock order), like a save of
 * the file, so the two never cross.
 */
import { createHash } from 'node:crypto';
import { INSURANCE_DOCUMENT_MAX_BYTES } from '@farmaponte/shared';
import { PROFESSIONAL_FILE_MESSAGES as M } from '@farmaponte/shared/messages-professional-file';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { professionalFiles, users } from '../../db/schema';
import { plainFileName } from '../../lib/download';
import { badRequest, HttpError, unauthorized } from '../../lib/errors';
import { writeTransaction } from '../../lib/transactions';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
export const DEFAULT_DOCUMENT_NAME = 'polizza.pdf';

/** The name a client gave (`?name=`), reduced to a plain file name; the default without one. */
export function documentName(raw: string | undefined): string {
  const base = plainFileName(raw);
  if (!base) return DEFAULT_DOCUMENT_NAME;
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/** 400 insurance_document_invalid unless the body is a PDF's bytes; 413 above 5 MB. */
export function checkedDocument(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length < PDF_MAGIC.length || !body.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    throw badRequest(M.documentInvalid, 'insurance_document_invalid');
  if (body.length > INSURANCE_DOCUMENT_MAX_BYTES) throw new HttpError(413, M.documentTooLarge, 'insurance_document_too_large');
  return body;
}

async function lockUser(tx: TDb, userId: number) {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  if (!user) throw unauthorized();
}

/** Stores the policy's PDF in place of any previous one; answers what the file now says of it. */
export async function saveInsuranceDocument(db: TDb, userId: number, bytes: Buffer, name: string, now: Date) {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const document = { insurancePdf: bytes, insurancePdfName: name, insurancePdfSha256: sha256, updatedAt: now };
  await writeTransaction(db, async (tx) => {
    await lockUser(tx, userId);
    await tx
      .insert(professionalFiles)
      .values({ userId, ...document })
      .onConflictDoUpdate({ target: professionalFiles.userId, set: document });
  });
  return { name, size: bytes.length, sha256 };
}

/** The policy's PDF and its name, or undefined without one. */
export async function readInsuranceDocument(db: TDb, userId: number): Promise<{ bytes: Buffer; name: string } | undefined> {
  const [row] = await db
    .select({ bytes: professionalFiles.insurancePdf, name: professionalFiles.insurancePdfName })
    .from(professionalFiles)
    .where(eq(professionalFiles.userId, userId));
  if (!row?.bytes) return undefined;
  return { bytes: Buffer.from(row.bytes), name: row.name ?? DEFAULT_DOCUMENT_NAME };
}

/** Removes the policy's PDF; false when there was none. */
export async function deleteInsuranceDocument(db: TDb, userId: number, now: Date): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    await lockUser(tx, userId);
    const removed = await tx
      .update(professionalFiles)
      .set({ insurancePdf: null, insurancePdfName: null, insurancePdfSha256: null, updatedAt: now })
      .where(and(eq(professionalFiles.userId, userId), isNotNull(professionalFiles.insurancePdf)))
      .returning({ sha256: professionalFiles.insurancePdfSha256 });
    return removed.length > 0;
  });
}

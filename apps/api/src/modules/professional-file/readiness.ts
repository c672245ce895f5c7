/**
 * Whether a pharmacist may work a shift as a freelancer (decision 093): a partita IVA in her professional file and a
 * professional liability policy in force on every day of the shift. Read in the caller's transaction, so applying and
 * accepting an invitation check the file they commit with.
 */
import { ENGAGEMENT_MESSAGES } from '@farmaponte/shared/messages-engagement';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { professionalFiles } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as the messages write a day. */
const italianDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * Refuses (400) a freelance engagement the file does not allow: `partita_iva_missing`, `insurance_missing`, or
 * `insurance_expired` when the policy ends before the shift's last day (or before today for an offer without dates).
 */
export async function refuseUnreadyFreelancer(
  db: TDb,
  farmacistaId: number,
  shift: { dateFrom: string | null; dateTo: string | null },
  today: string,
): Promise<void> {
  const [file] = await db
    .select({
      partitaIva: professionalFiles.partitaIva,
      company: professionalFiles.insuranceCompany,
      expiresOn: professionalFiles.insuranceExpiresOn,
    })
    .from(professionalFiles)
    .where(eq(professionalFiles.userId, farmacistaId));
  if (!file?.partitaIva) throw badRequest(ENGAGEMENT_MESSAGES.partitaIvaMissing, 'partita_iva_missing');
  if (!file.company || !file.expiresOn) throw badRequest(ENGAGEMENT_MESSAGES.insuranceMissing, 'insurance_missing');
  const lastDay = shift.dateTo ?? shift.dateFrom ?? today;
  const needed = lastDay < today ? today : lastDay;
  if (file.expiresOn < needed) {
    throw badRequest(ENGAGEMENT_MESSAGES.insuranceExpired(italianDay(file.expiresOn)), 'insurance_expired');
  }
}

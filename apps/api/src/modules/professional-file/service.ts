/**
 * The pharmacist's professional file (decision 093, docs/rules.md#professional-file): read, saved field by field, and
 * whether it allows freelance work. A save locks the pharmacist's row (step 1 of the lock order), reads what is stored,
 * checks the codice fiscale against the name, surname, birth date and place the file will hold, and writes the changes
 * in one upsert: two saves at once take turns, and a refused one writes nothing.
 */
import {
  codiceFiscaleDisagreement,
  ECM,
  ecmPeriodLabel,
  ecmPeriodStartOf,
  formatDate,
  type TProfessionalFile,
  type TProfessionalFileChanges,
} from '@farmaponte/shared';
import { PROFESSIONAL_FILE_MESSAGES as M } from '@farmaponte/shared/messages-professional-file';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { professionalFiles, profiles, users } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';
import { writeTransaction } from '../../lib/transactions';
import { birthPlaceOf, capsOf, comuneByIstat } from '../geo';

type TFileRow = typeof professionalFiles.$inferSelect;
/** The stored file without the policy's bytes. */
export type TFileFields = Omit<TFileRow, 'insurancePdf'> & { insurancePdfSize: number | null };

const fileColumns = {
  userId: professionalFiles.userId,
  codiceFiscale: professionalFiles.codiceFiscale,
  birthDate: professionalFiles.birthDate,
  birthPlaceCode: professionalFiles.birthPlaceCode,
  partitaIva: professionalFiles.partitaIva,
  taxRegime: professionalFiles.taxRegime,
  insuranceCompany: professionalFiles.insuranceCompany,
  insurancePolicyNumber: professionalFiles.insurancePolicyNumber,
  insuranceCover: professionalFiles.insuranceCover,
  insuranceExpiresOn: professionalFiles.insuranceExpiresOn,
  insurancePdfName: professionalFiles.insurancePdfName,
  insurancePdfSha256: professionalFiles.insurancePdfSha256,
  insurancePdfSize: sql<number | null>`octet_length(${professionalFiles.insurancePdf})`.mapWith((v) =>
    v == null ? null : Number(v),
  ),
  insuranceRemindedFor: professionalFiles.insuranceRemindedFor,
  ecmPeriodStart: professionalFiles.ecmPeriodStart,
  ecmCredits: professionalFiles.ecmCredits,
  fiscalStreet: professionalFiles.fiscalStreet,
  fiscalCap: professionalFiles.fiscalCap,
  fiscalComuneIstat: professionalFiles.fiscalComuneIstat,
  iban: professionalFiles.iban,
  updatedAt: professionalFiles.updatedAt,
};

/** The stored file, without the policy's bytes (their size stands for them); the data export reads it too. */
export async function storedFile(db: TDb, userId: number): Promise<TFileFields | undefined> {
  const [row] = await db.select(fileColumns).from(professionalFiles).where(eq(professionalFiles.userId, userId));
  return row;
}

/** What is missing for freelance work on `today`, one sentence each (the checks of refuseUnreadyFreelancer). */
export function missingForFreelance(
  file: Pick<TFileFields, 'partitaIva' | 'insuranceCompany' | 'insuranceExpiresOn'> | undefined,
  today: string,
): string[] {
  const missing: string[] = [];
  if (!file?.partitaIva) missing.push(M.missing.partitaIva);
  if (!file?.insuranceCompany || !file.insuranceExpiresOn) missing.push(M.missing.insurance);
  else if (file.insuranceExpiresOn < today) missing.push(M.missing.insuranceExpired(formatDate(file.insuranceExpiresOn)));
  return missing;
}

/** The domicilio fiscale as the file answers it: null while none of it is given, the comune named by its code. */
function fiscalAddress(file: TFileFields | undefined): TProfessionalFile['fiscal_address'] {
  if (!(file?.fiscalStreet || file?.fiscalCap || file?.fiscalComuneIstat)) return null;
  const comune = file.fiscalComuneIstat ? comuneByIstat(file.fiscalComuneIstat) : undefined;
  return {
    street: file.fiscalStreet,
    cap: file.fiscalCap,
    comune_istat: file.fiscalComuneIstat,
    comune: comune?.nome ?? '',
    provincia: comune?.sigla ?? '',
  };
}

/**
 * 400 when the domicilio fiscale the file will hold names an unknown comune, or a CAP that is not one of its CAPs (a
 * save of the CAP alone is checked against the stored comune, and the other way round).
 */
function refuseFiscalAddress(set: Partial<typeof professionalFiles.$inferInsert>, stored: TFileFields | undefined) {
  if (set.fiscalCap === undefined && set.fiscalComuneIstat === undefined) return;
  const istat = set.fiscalComuneIstat ?? stored?.fiscalComuneIstat ?? '';
  const cap = set.fiscalCap ?? stored?.fiscalCap ?? '';
  if (!istat) return;
  const comune = comuneByIstat(istat);
  if (!comune) throw badRequest(M.fiscalComuneInvalid, 'validation_error', { fiscal_comune_istat: M.fiscalComuneInvalid });
  if (cap && !capsOf(comune).includes(cap)) {
    const message = M.fiscalCapMismatch(comune.nome);
    throw badRequest(message, 'fiscal_cap_mismatch', { fiscal_cap: message });
  }
}

/** The file as GET answers it: empty strings and nulls for what was never filled in. */
export function fileAnswer(file: TFileFields | undefined, today: string): TProfessionalFile {
  const missing = missingForFreelance(file, today);
  const periodStart = file?.ecmPeriodStart ?? ecmPeriodStartOf(today);
  return {
    codice_fiscale: file?.codiceFiscale ?? '',
    birth_date: file?.birthDate ?? null,
    birth_place: file?.birthPlaceCode ? birthPlaceOf(file.birthPlaceCode) : null,
    partita_iva: file?.partitaIva ?? '',
    tax_regime: file?.taxRegime ?? null,
    insurance: {
      company: file?.insuranceCompany ?? '',
      policy_number: file?.insurancePolicyNumber ?? '',
      cover: file?.insuranceCover ?? null,
      expires_on: file?.insuranceExpiresOn ?? null,
      document:
        file?.insurancePdfSha256 && file.insurancePdfSize != null
          ? { name: file.insurancePdfName ?? 'polizza.pdf', size: file.insurancePdfSize, sha256: file.insurancePdfSha256 }
          : null,
    },
    ecm: {
      period_start: periodStart,
      period: ecmPeriodLabel(periodStart),
      credits: file?.ecmCredits ?? null,
      required: ECM.creditsPerPeriod,
    },
    fiscal_address: fiscalAddress(file),
    iban: file?.iban ?? '',
    ready_for_freelance: missing.length === 0,
    missing_for_freelance: missing,
    updated_at: file?.updatedAt ? file.updatedAt.toISOString() : null,
  };
}

export async function readProfessionalFile(db: TDb, userId: number, today: string): Promise<TProfessionalFile> {
  return fileAnswer(await storedFile(db, userId), today);
}

/** The columns a save writes: only the fields the body named. */
function changedColumns(changes: TProfessionalFileChanges) {
  const set: Partial<typeof professionalFiles.$inferInsert> = {};
  if (changes.codice_fiscale !== undefined) set.codiceFiscale = changes.codice_fiscale;
  if (changes.birth_date !== undefined) set.birthDate = changes.birth_date;
  if (changes.birth_place_code !== undefined) set.birthPlaceCode = changes.birth_place_code;
  if (changes.partita_iva !== undefined) set.partitaIva = changes.partita_iva;
  if (changes.tax_regime !== undefined) set.taxRegime = changes.tax_regime;
  if (changes.insurance_company !== undefined) set.insuranceCompany = changes.insurance_company;
  if (changes.insurance_policy_number !== undefined) set.insurancePolicyNumber = changes.insurance_policy_number;
  if (changes.insurance_cover !== undefined) set.insuranceCover = changes.insurance_cover;
  if (changes.insurance_expires_on !== undefined) set.insuranceExpiresOn = changes.insurance_expires_on;
  if (changes.ecm_period_start !== undefined) set.ecmPeriodStart = changes.ecm_period_start;
  if (changes.ecm_credits !== undefined) set.ecmCredits = changes.ecm_credits;
  if (changes.fiscal_street !== undefined) set.fiscalStreet = changes.fiscal_street;
  if (changes.fiscal_cap !== undefined) set.fiscalCap = changes.fiscal_cap;
  if (changes.fiscal_comune_istat !== undefined) set.fiscalComuneIstat = changes.fiscal_comune_istat;
  if (changes.iban !== undefined) set.iban = changes.iban;
  return set;
}

/** Which body field a disagreeing part of the codice fiscale is about, besides the code itself. */
const PART_FIELD = { surname: null, name: null, birth_date: 'birth_date', birth_place: 'birth_place_code' } as const;

/**
 * Saves the fields the body named (already checked one by one by ZProfessionalFileInputSchema). 400 on the domicilio
 * fiscale's comune or CAP (refuseFiscalAddress); 400 `codice_fiscale_mismatch` when a save of the code, the birth date or the place leaves a code that disagrees with the
 * profile's name or surname, or with the birth date or place the file will hold; nothing is written then.
 */
export async function saveProfessionalFile(
  db: TDb,
  userId: number,
  changes: TProfessionalFileChanges,
  now: Date,
  today: string,
): Promise<TProfessionalFile> {
  const set = changedColumns(changes);
  await writeTransaction(db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw unauthorized();
    const [stored, [profile]] = await Promise.all([
      storedFile(tx, userId),
      tx.select({ name: profiles.name, surname: profiles.surname }).from(profiles).where(eq(profiles.userId, userId)),
    ]);
    refuseFiscalAddress(set, stored);
    const codiceFiscale = set.codiceFiscale ?? stored?.codiceFiscale ?? '';
    // Checked when the save touches the code or what it encodes, so a save of the insurance or the credits is never
    // held up by a profile name changed since.
    const touched = set.codiceFiscale !== undefined || set.birthDate !== undefined || set.birthPlaceCode !== undefined;
    if (codiceFiscale && touched) {
      const part = codiceFiscaleDisagreement(codiceFiscale, {
        surname: profile?.surname,
        name: profile?.name,
        birthDate: set.birthDate !== undefined ? set.birthDate : stored?.birthDate,
        birthPlaceCode: set.birthPlaceCode !== undefined ? set.birthPlaceCode : stored?.birthPlaceCode,
      });
      if (part) {
        const message = M.codiceFiscaleMismatch[part];
        const other = PART_FIELD[part];
        throw badRequest(message, 'codice_fiscale_mismatch', { codice_fiscale: message, ...(other ? { [other]: message } : {}) });
      }
    }
    await tx
      .insert(professionalFiles)
      .values({ userId, ...set, updatedAt: now })
      .onConflictDoUpdate({ target: professionalFiles.userId, set: { ...set, updatedAt: now } });
  });
  return readProfessionalFile(db, userId, today);
}

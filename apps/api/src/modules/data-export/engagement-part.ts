/**
 * The professional file, the contracts (decision 093), the worked shifts' pay as agreed (decision 094) and the invoices
 * (decision 095) of a pharmacist's data export (docs/data-export.md).
 */
import { type TDataExport, todayInItaly } from '@farmaponte/shared';
import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { contracts } from '../../db/schema';
import { invoicesForExport } from '../invoices';
import { storedProfessionalFile } from '../professional-file';
import { workedShifts } from '../shifts';
import { iso, isoOrNull } from './parts';

/**
 * Her file without the policy's bytes (its name, size and SHA-256 stand for it), her contracts, every version, and her
 * worked shifts with their pay.
 */
export async function engagementPart(
  db: TDb,
  userId: number,
  now: Date,
): Promise<Pick<TDataExport, 'professional_file' | 'contracts' | 'worked_shifts' | 'invoices'>> {
  const [row, versions, shifts, invoices] = await Promise.all([
    storedProfessionalFile(db, userId),
    db
      .select({
        id: contracts.id,
        applicationId: contracts.applicationId,
        version: contracts.version,
        sha256: contracts.sha256,
        createdAt: contracts.createdAt,
        supersededAt: contracts.supersededAt,
        keepUntil: contracts.keepUntil,
        ownerConfirmedAt: contracts.ownerConfirmedAt,
        farmacistaConfirmedAt: contracts.farmacistaConfirmedAt,
      })
      .from(contracts)
      .where(eq(contracts.farmacistaId, userId))
      .orderBy(asc(contracts.id)),
    // Every day that has come: an account's shifts span a few years at most, each a few days.
    workedShifts(db, { farmacistaId: userId }, { from: '2000-01-01', to: todayInItaly(now) }, now),
    invoicesForExport(db, userId, now),
  ]);
  return {
    professional_file: row
      ? {
          codice_fiscale: row.codiceFiscale,
          birth_date: row.birthDate,
          birth_place_code: row.birthPlaceCode,
          partita_iva: row.partitaIva,
          tax_regime: row.taxRegime,
          insurance_company: row.insuranceCompany,
          insurance_policy_number: row.insurancePolicyNumber,
          insurance_cover: row.insuranceCover,
          insurance_expires_on: row.insuranceExpiresOn,
          insurance_document:
            row.insurancePdfSha256 && row.insurancePdfSize != null
              ? { name: row.insurancePdfName ?? 'polizza.pdf', size: row.insurancePdfSize, sha256: row.insurancePdfSha256 }
              : null,
          insurance_reminded_for: row.insuranceRemindedFor,
          ecm_period_start: row.ecmPeriodStart,
          ecm_credits: row.ecmCredits,
          fiscal_street: row.fiscalStreet,
          fiscal_cap: row.fiscalCap,
          fiscal_comune_istat: row.fiscalComuneIstat,
          iban: row.iban,
          updated_at: iso(row.updatedAt),
        }
      : null,
    contracts: versions.map((contract) => ({
      id: contract.id,
      application_id: contract.applicationId,
      version: contract.version,
      sha256: contract.sha256,
      created_at: iso(contract.createdAt),
      superseded_at: isoOrNull(contract.supersededAt),
      keep_until: contract.keepUntil,
      confirmations: {
        owner_at: isoOrNull(contract.ownerConfirmedAt),
        pharmacist_at: isoOrNull(contract.farmacistaConfirmedAt),
      },
    })),
    worked_shifts: shifts.map((shift) => ({
      application_id: shift.application_id,
      offer_title: shift.offer.title,
      pharmacy: shift.pharmacy.name,
      days: shift.days.map(({ date, start_time, end_time, corrected, minutes, amount }) => ({
        date,
        start_time,
        end_time,
        corrected,
        minutes,
        amount,
      })),
      pay: shift.pay,
    })),
    invoices,
  };
}

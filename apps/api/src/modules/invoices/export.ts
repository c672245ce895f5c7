/**
 * A pharmacist's invoices in her data export (decision 095): each invoice and credit note as she reads it, with its
 * FatturaPA XML as text, its SHA-256 and the day it is kept until. The PDF is a copy of the same data and stays out.
 */
import { type TDataExport, todayInItaly } from '@farmaponte/shared';
import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { invoices } from '../../db/schema';
import { selectInvoices, toInvoice } from './read';

export async function invoicesForExport(db: TDb, farmacistaId: number, now: Date): Promise<TDataExport['invoices']> {
  const today = todayInItaly(now);
  const [rows, files] = await Promise.all([
    selectInvoices(db, eq(invoices.farmacistaId, farmacistaId)).orderBy(asc(invoices.id)),
    db
      .select({ id: invoices.id, xml: invoices.xml, xmlSha256: invoices.xmlSha256, keepUntil: invoices.keepUntil })
      .from(invoices)
      .where(eq(invoices.farmacistaId, farmacistaId)),
  ]);
  const fileOf = new Map(files.map((file) => [file.id, file]));
  return rows.map((row) => {
    const file = fileOf.get(row.id);
    return {
      ...toInvoice(row, today),
      xml: file?.xml ?? '',
      xml_sha256: file?.xmlSha256 ?? '',
      keep_until: file?.keepUntil ?? '',
    };
  });
}

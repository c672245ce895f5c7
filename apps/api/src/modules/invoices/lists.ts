/**
 * The lists of invoices (decision 095): hers of a year, and those addressed to an organisation a person acts for, each
 * with the year's totals by state (invoices only: a credit note's effect is its invoice's `stornata`) and by
 * organisation (invoices less credit notes, taxable + VAT).
 */
import { INVOICE_STATES, type TInvoice, type TInvoiceList, type TInvoiceState, todayInItaly } from '@farmaponte/shared';
import { and, arrayOverlaps, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { invoices } from '../../db/schema';
import { pharmaciesInReach } from '../organisations';
import { selectInvoices, toInvoice } from './read';

const cents = (euros: number) => Math.round(euros * 100);

/** Count and amount due per state, every state present. */
export function totalsByState(list: readonly TInvoice[]): TInvoiceList['by_state'] {
  const totals = Object.fromEntries(INVOICE_STATES.map((state) => [state, { count: 0, amount: 0 }])) as Record<
    TInvoiceState,
    { count: number; amount: number }
  >;
  for (const invoice of list) {
    if (invoice.kind !== 'fattura') continue;
    const entry = totals[invoice.state];
    entry.count += 1;
    entry.amount = (cents(entry.amount) + cents(invoice.amount_due)) / 100;
  }
  return totals;
}

function totalsByOrganisation(list: readonly TInvoice[]): TInvoiceList['by_organisation'] {
  const totals = new Map<string, TInvoiceList['by_organisation'][number]>();
  for (const invoice of list) {
    const key = `${invoice.client.organisation_id ?? invoice.client.partita_iva}`;
    const entry = totals.get(key) ?? {
      organisation_id: invoice.client.organisation_id,
      name: invoice.client.name,
      total: 0,
      count: 0,
    };
    const sign = invoice.kind === 'fattura' ? 1 : -1;
    entry.total = (cents(entry.total) + sign * cents(invoice.total)) / 100;
    if (invoice.kind === 'fattura') entry.count += 1;
    totals.set(key, entry);
  }
  return [...totals.values()].sort((a, b) => a.name.localeCompare(b.name, 'it', { sensitivity: 'base' }));
}

type TListQuery = { year?: number; state?: TInvoiceState };

async function listOf(db: TDb, where: SQL | undefined, { year, state }: TListQuery, now: Date) {
  const today = todayInItaly(now);
  const asked = year ?? Number(today.slice(0, 4));
  const rows = await selectInvoices(db, and(where, eq(invoices.year, asked))).orderBy(
    desc(invoices.issuedOn),
    desc(invoices.sequence),
  );
  const all = rows.map((row) => toInvoice(row, today));
  return {
    year: asked,
    invoices: state ? all.filter((invoice) => invoice.state === state) : all,
    by_state: totalsByState(all),
    by_organisation: totalsByOrganisation(all),
  };
}

/** GET /api/invoices/mine/: her invoices and credit notes of a year. */
export function myInvoices(db: TDb, farmacistaId: number, query: TListQuery, now: Date): Promise<TInvoiceList> {
  return listOf(db, eq(invoices.farmacistaId, farmacistaId), query, now);
}

/**
 * GET /api/invoices/received/: those addressed to the organisation of the pharmacy the person acts for, billing at
 * least one pharmacy they may read.
 */
export async function receivedInvoices(
  db: TDb,
  scope: { actorId: number; organisationId: number },
  query: TListQuery,
  now: Date,
): Promise<TInvoiceList> {
  const pharmacyIds = (await pharmaciesInReach(db, scope)).map((pharmacy) => pharmacy.id);
  if (!pharmacyIds.length) return listOf(db, sql`false`, query, now);
  return listOf(
    db,
    and(eq(invoices.organisationId, scope.organisationId), arrayOverlaps(invoices.pharmacyIds, pharmacyIds)),
    query,
    now,
  );
}

/**
 * The group report's spend (decision 095): the organisation's invoices issued in the range that bill one of these
 * pharmacies, by state, counted and summed as the lists do.
 */
export async function invoiceSpend(
  db: TDb,
  organisationId: number,
  pharmacyIds: number[],
  range: { from: string; to: string },
  now: Date,
): Promise<TInvoiceList['by_state']> {
  if (!pharmacyIds.length) return totalsByState([]);
  const today = todayInItaly(now);
  const rows = await selectInvoices(
    db,
    and(
      eq(invoices.organisationId, organisationId),
      eq(invoices.kind, 'fattura'),
      arrayOverlaps(invoices.pharmacyIds, pharmacyIds),
      gte(invoices.issuedOn, range.from),
      lte(invoices.issuedOn, range.to),
    ),
  );
  return totalsByState(rows.map((row) => toInvoice(row, today)));
}

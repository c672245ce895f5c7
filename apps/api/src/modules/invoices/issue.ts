/**
 * Issuing an invoice (decision 095): from engagements she names, or every invoiceable one of a month with one
 * organisation. One transaction, in the lock order (docs/architecture.md): the engagements' offers, then the
 * applications, then what refers to them (the counter, the invoice, invoice_shifts, the expenses, the audit entry and
 * the notifications). The checks run under those locks, so two issues of one engagement take turns and the second
 * finds it billed; the preview runs the same checks and stores nothing.
 */
import {
  invoiceAmounts,
  invoiceDueOn,
  INVOICE_MESSAGES as M,
  type TInvoice,
  type TInvoiceIssueInput,
  type TInvoicePreview,
  todayInItaly,
} from '@farmaponte/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, invoiceShifts, invoices, shiftExpenses } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction } from '../audit';
import { lockOffers } from '../offers';
import { engagementLines, engagements, isInvoiceable, type TEngagement } from './engagements';
import { clientOf, supplierOf } from './parties';
import { selectInvoices, toInvoice } from './read';
import { inDocumentTurn, nextNumber, storeDocument } from './store';

/** The applications an input names: those listed, or her invoiceable ones of the month with the organisation. */
async function applicationsAsked(db: TDb, farmacistaId: number, input: TInvoiceIssueInput, today: string) {
  if ('application_ids' in input) return [...new Set(input.application_ids)];
  const month = `${input.year}-${String(input.month).padStart(2, '0')}`;
  const ids = (await engagements(db, { farmacistaId }, today))
    .filter((e) => isInvoiceable(e) && e.organisationId === input.organisation_id && e.lastDay?.startsWith(month))
    .map((e) => e.applicationId);
  if (!ids.length) throw conflict(M.nothingToInvoice, 'nothing_to_invoice');
  return ids;
}

/** Locks her applications' offers, then the applications, in id order; 404 for any not hers. */
async function lockEngagements(tx: TDb, farmacistaId: number, ids: number[]) {
  const mine = and(inArray(applications.id, ids), eq(applications.farmacistaId, farmacistaId));
  const rows = await tx.select({ offerId: applications.offerId }).from(applications).where(mine);
  await lockOffers(
    tx,
    rows.map((row) => row.offerId),
  );
  const locked = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(mine)
    .orderBy(asc(applications.id))
    .for('update');
  if (locked.length !== ids.length) throw notFound(M.notYours, 'application_not_found');
}

/** The refusal of the first engagement that cannot be billed, in the contract's order of codes. */
function checkEngagements(found: TEngagement[], farmacistaId: number, ids: number[]) {
  if (found.length !== ids.length || found.some((e) => e.farmacistaId !== farmacistaId))
    throw notFound(M.notYours, 'application_not_found');
  if (found.some((e) => e.legalForm !== 'libera_professione')) throw conflict(M.employeeEngagement, 'employee_engagement');
  if (found.some((e) => !(e.status === 'accepted' && e.closed))) throw conflict(M.notInvoiceable, 'hours_not_confirmed');
  if (found.some((e) => e.invoiceId !== null)) throw conflict(M.alreadyInvoiced, 'already_invoiced');
  const organisationIds = new Set(found.map((e) => e.organisationId));
  const [organisationId] = organisationIds;
  if (organisationIds.size !== 1 || organisationId == null) throw badRequest(M.oneOrganisation, 'mixed_organisations');
  return organisationId;
}

/** Everything the invoice is made of, checked: parties, lines, amounts, due day. */
async function draftOf(db: TDb, farmacistaId: number, ids: number[], now: Date) {
  const today = todayInItaly(now);
  const found = await engagements(db, { applicationIds: ids }, today);
  const organisationId = checkEngagements(found, farmacistaId, ids);
  const supplier = await supplierOf(db, farmacistaId);
  const pharmacies = [...new Map(found.map((e) => [e.pharmacyId, { id: e.pharmacyId, name: e.pharmacy ?? '' }])).values()];
  const client = await clientOf(db, organisationId, found[0]?.pharmacyId ?? 0, today);
  const byEngagement = await engagementLines(db, found, now);
  const lines = found.flatMap((engagement) => byEngagement.get(engagement.applicationId) ?? []);
  if (!lines.length) throw conflict(M.notInvoiceable, 'hours_not_confirmed');
  const { regime, ...rest } = supplier;
  const amounts = invoiceAmounts(regime, lines, today);
  return {
    today,
    organisationId,
    found,
    preview: {
      regime,
      supplier: rest,
      client,
      pharmacies,
      application_ids: found.map((e) => e.applicationId),
      lines: amounts.lines,
      summary: amounts.summary,
      taxable: amounts.taxable,
      vat: amounts.vat,
      withholding: amounts.withholding,
      stamp_duty: amounts.stamp_duty,
      total: amounts.total,
      amount_due: amounts.amount_due,
      notes: amounts.notes,
      due_on: invoiceDueOn(today),
    } satisfies TInvoicePreview,
    regimeCode: amounts.regime_code,
  };
}

/** POST /api/invoices/preview/: the invoice as it would be issued now, nothing stored. */
export async function previewInvoice(db: TDb, farmacistaId: number, input: TInvoiceIssueInput, now: Date) {
  const ids = await applicationsAsked(db, farmacistaId, input, todayInItaly(now));
  return (await draftOf(db, farmacistaId, ids, now)).preview;
}

/** Reads one invoice back as both sides see it. */
export async function invoiceById(db: TDb, invoiceId: number, now: Date): Promise<TInvoice> {
  const [row] = await selectInvoices(db, eq(invoices.id, invoiceId));
  if (!row) throw notFound(M.invoiceNotFound, 'invoice_not_found');
  return toInvoice(row, todayInItaly(now));
}

/** POST /api/invoices/: issues it, numbered, with its files, the engagements and expenses billed, the pharmacy told. */
export async function issueInvoice(
  db: TDb,
  events: TEvents,
  farmacista: { id: number; email: string },
  input: TInvoiceIssueInput,
  now: Date,
): Promise<TInvoice> {
  const asked = await applicationsAsked(db, farmacista.id, input, todayInItaly(now));
  // Its answer is read in its transaction: once committed, the invoice is answered without another connection.
  return inDocumentTurn(() =>
    writeTransaction(db, async (tx) => {
      await lockEngagements(tx, farmacista.id, asked);
      const { today, organisationId, found, preview, regimeCode } = await draftOf(tx, farmacista.id, asked, now);
      const { year, sequence, number } = await nextNumber(tx, farmacista.id, today);
      const id = await storeDocument(
        tx,
        {
          kind: 'fattura',
          farmacistaId: farmacista.id,
          organisationId,
          pharmacyIds: preview.pharmacies.map((pharmacy) => pharmacy.id),
        },
        {
          ...preview,
          kind: 'fattura',
          number,
          year,
          sequence,
          issued_on: today,
          regime_code: regimeCode,
          credits: null,
          credit_reason: null,
        },
        preview.application_ids,
      );
      await tx.insert(invoiceShifts).values(preview.application_ids.map((applicationId) => ({ applicationId, invoiceId: id })));
      const billed = found.flatMap((e) => e.expenses.filter((x) => x.state === 'confermata').map((x) => x.id));
      if (billed.length) await tx.update(shiftExpenses).set({ invoiceId: id }).where(inArray(shiftExpenses.id, billed));
      await recordAdminAction(
        tx,
        farmacista,
        {
          action: 'invoice.issue',
          targetType: 'invoice',
          targetId: id,
          details: { number, year, application_ids: preview.application_ids, amount_due: preview.amount_due },
        },
        now,
      );
      await events.record(tx, {
        type: 'invoice.issued',
        invoiceId: id,
        number,
        pharmacist: preview.supplier.name,
        pharmacyIds: preview.pharmacies.map((pharmacy) => pharmacy.id),
        amountDue: preview.amount_due,
        dueOn: preview.due_on,
      });
      return invoiceById(tx, id, now);
    }),
  );
}

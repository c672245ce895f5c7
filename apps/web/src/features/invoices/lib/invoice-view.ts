/**
 * What the invoices' pages (decision 095) say of an invoice, apart from React: its state's words and tone, which
 * actions its state allows (the server refuses the others), the owner's order (overdue first) and the year shown.
 */
import type { TInvoice, TInvoiceable } from '@farmaponte/shared';
import { addDays, formatDate, ITALIAN_MONTHS, todayInItaly } from '@farmaponte/shared/dates';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';

type TTone = 'waiting' | 'info' | 'good' | 'over' | 'neutral';

/** The state's pill: a credit note is named as such; a paid one says the day, an overdue one since when. */
export function invoiceStateLabel(invoice: Pick<TInvoice, 'kind' | 'state' | 'paid_on' | 'due_on'>): string {
  if (invoice.kind === 'nota_di_credito') return T.creditNoteState;
  if (invoice.state === 'pagata' && invoice.paid_on) return T.paidOn(formatDate(invoice.paid_on));
  // Overdue once its due day has passed: the first day late is the day after it.
  if (invoice.state === 'scaduta') return T.overdueSince(formatDate(addDays(invoice.due_on, 1)));
  return T.states[invoice.state];
}

export function invoiceStateTone(invoice: Pick<TInvoice, 'kind' | 'state'>): TTone {
  if (invoice.kind === 'nota_di_credito') return 'neutral';
  return ({ emessa: 'waiting', inviata: 'info', pagata: 'good', scaduta: 'over', stornata: 'neutral' } as const)[invoice.state];
}

const isOpenInvoice = (invoice: Pick<TInvoice, 'kind' | 'state'>) =>
  invoice.kind === 'fattura' && (invoice.state === 'emessa' || invoice.state === 'inviata' || invoice.state === 'scaduta');

/** 'Segna come inviata': an invoice not marked sent yet, not paid nor credited. */
export const maySendInvoice = (invoice: Pick<TInvoice, 'kind' | 'state' | 'sent_at'>) =>
  isOpenInvoice(invoice) && invoice.sent_at === null;

/** 'Nota di credito': an invoice neither paid nor credited already (a credit note is never credited). */
export const mayCreditInvoice = (invoice: Pick<TInvoice, 'kind' | 'state'>) => isOpenInvoice(invoice);

/** 'Segna come pagata': an invoice still to be paid. */
export const mayPayInvoice = (invoice: Pick<TInvoice, 'kind' | 'state'>) => isOpenInvoice(invoice);

/** The owner's list: the overdue ones first, the longest overdue at the top; the others in the order they came. */
export function overdueFirst<T extends Pick<TInvoice, 'state' | 'due_on'>>(invoices: readonly T[]): T[] {
  const overdue = invoices.filter((invoice) => invoice.state === 'scaduta').sort((a, b) => a.due_on.localeCompare(b.due_on));
  return [...overdue, ...invoices.filter((invoice) => invoice.state !== 'scaduta')];
}

/**
 * Whether the person may mark the invoice paid: false only when every pharmacy it names is one they only read
 * (consultazione); true while their pharmacies are not known (the server decides).
 */
export function mayWriteForInvoice(
  invoice: Pick<TInvoice, 'pharmacies'>,
  pharmacies: readonly { id: number; can_write: boolean }[] | undefined,
): boolean {
  if (!pharmacies) return true;
  const named = invoice.pharmacies.map((pharmacy) => pharmacies.find((own) => own.id === pharmacy.id));
  return named.some((pharmacy) => pharmacy === undefined || pharmacy.can_write);
}

/** '2030-06' → 'giugno 2030'. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return `${ITALIAN_MONTHS[index - 1] ?? index} ${year}`;
}

/** An engagement's days: one day, or the first and the last. */
export function daysLabel(firstDay: string, lastDay: string): string {
  return firstDay === lastDay ? formatDate(firstDay) : `${formatDate(firstDay)}–${formatDate(lastDay)}`;
}

/** What to issue for a group of /fatture's 'Da fatturare': its engagements. */
export const groupIssueInput = (group: TInvoiceable['groups'][number]) => ({
  application_ids: group.engagements.map((engagement) => engagement.application_id),
});

/** The year shown: `?anno=YYYY` when it is a year the API takes, else this year in Italy. */
export function yearFromParam(param: string | null, now: Date = new Date()): number {
  const year = Number(param);
  if (/^\d{4}$/.test(param ?? '') && year >= 2000 && year <= 2100) return year;
  return Number(todayInItaly(now).slice(0, 4));
}

/** The years to choose from: this one and the four before, and the one shown when it is another. */
export function yearOptions(shown: number, now: Date = new Date()): number[] {
  const current = Number(todayInItaly(now).slice(0, 4));
  const years = Array.from({ length: 5 }, (_, index) => current - index);
  if (!years.includes(shown)) years.push(shown);
  return years.sort((a, b) => b - a);
}

/** The PDF copy's name: the XML's SdI name with the PDF's extension. */
export const pdfFileName = (xmlFileName: string) => xmlFileName.replace(/\.xml$/i, '.pdf');

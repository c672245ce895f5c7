/**
 * An invoice's amounts (docs/rules.md "From hours to invoice"): from the lines of the work and expenses, the VAT or its
 * nature, the stamp duty, the withholding and the totals under the pharmacist's regime and the rules in force on the
 * issue day (invoice-rules.ts). One function for the server's stored invoice, its FatturaPA XML, its PDF and the
 * preview the web shows before issuing. Amounts are euros to the cent, rounded half up.
 */
import type { TTaxRegime } from './engagement';
import { inForce } from './engagement';
import {
  ENPAF_RULES,
  FORFETTARIO_RULES,
  ORDINARIO_REGIME_CODE,
  PAYMENT_TERMS,
  STAMP_DUTY_RULES,
  VAT_RATES,
  WITHHOLDING_RULES,
} from './invoice-rules';

/** What a line bills: worked hours, a trip, a room, an expense with its receipt, the stamp duty charged on. */
export const INVOICE_LINE_KINDS = ['hours', 'travel', 'lodging', 'expense', 'stamp_duty'] as const;
export type TInvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** A line as the work and the expenses give it, before tax. `quantity` and `unit_price` are null for a lump sum. */
export type TInvoiceLineInput = {
  kind: Exclude<TInvoiceLineKind, 'stamp_duty'>;
  description: string;
  /** Hours (up to 8 decimals, as FatturaPA allows) or null. */
  quantity: number | null;
  unit_price: number;
  total: number;
  application_id: number | null;
};

/** A line as invoiced: its VAT rate (0 with a nature) and whether the withholding applies to it. */
export type TInvoiceLine = Omit<TInvoiceLineInput, 'kind'> & {
  kind: TInvoiceLineKind;
  number: number;
  vat_rate: number;
  nature: string | null;
  withholding: boolean;
};

/** One row of the VAT summary (DatiRiepilogo): the lines of one rate or nature. */
export type TInvoiceSummaryRow = {
  vat_rate: number;
  nature: string | null;
  taxable: number;
  tax: number;
  legal_reference: string | null;
};

export type TInvoiceAmounts = {
  regime: TTaxRegime;
  /** RF19 (forfettario) or RF01. */
  regime_code: string;
  lines: TInvoiceLine[];
  summary: TInvoiceSummaryRow[];
  /** Sum of the lines (the stamp duty's line included). */
  taxable: number;
  vat: number;
  withholding: { type: string; rate: number; causale: string; amount: number } | null;
  stamp_duty: number | null;
  /** ImportoTotaleDocumento: lines + VAT. */
  total: number;
  /** What the client pays: the total less the withholding. */
  amount_due: number;
  /** The legal wording the document carries (Causale). */
  notes: string[];
  /** The rules applied, with their sources, for the decision trail and the PDF. */
  sources: string[];
};

/**
 * Euros to whole cents, half up. Read at twelve significant digits first: 1.005 × 100 is 100.4999… in binary floating
 * point, and a line given as 1,005 € is billed at 1,01 €.
 */
const cents = (euros: number) => Math.sign(euros) * Math.round(Number(Math.abs(euros * 100).toPrecision(12)));
const euros = (c: number) => c / 100;
/** A share of an amount in whole cents, half up. */
const shareOf = (amountCents: number, percent: number) => Math.round((amountCents * percent) / 100);

/** The amounts of an invoice issued on `day` by a pharmacist under `regime`. Throws before any rule is in force. */
export function invoiceAmounts(regime: TTaxRegime, inputs: readonly TInvoiceLineInput[], day: string): TInvoiceAmounts {
  const stamp = inForce(STAMP_DUTY_RULES, day);
  const sources: string[] = [];
  const lines: TInvoiceLine[] = [];
  const notes: string[] = [];
  let withholding: TInvoiceAmounts['withholding'] = null;
  let regimeCode: string = ORDINARIO_REGIME_CODE;
  let stampDuty: number | null = null;
  // ENPAF adds nothing to an invoice; its rule is named among those applied.
  const enpaf = inForce(ENPAF_RULES, day);
  if (enpaf) sources.push(enpaf.source);

  // Each line at the cent it is billed at, so that its PrezzoTotale, the summary and the totals add up.
  const billed = inputs.map((input) => ({ ...input, total: euros(cents(input.total)) }));
  if (regime === 'forfettario') {
    const rule = inForce(FORFETTARIO_RULES, day);
    if (!rule) throw new Error(`no flat-rate rule in force on ${day}`);
    regimeCode = rule.regimeCode;
    sources.push(rule.source);
    for (const input of billed)
      lines.push({ ...input, number: lines.length + 1, vat_rate: 0, nature: rule.nature, withholding: false });
    notes.push(rule.vatWording, rule.withholdingWording);
    const withoutVat = lines.reduce((sum, line) => sum + cents(line.total), 0);
    if (stamp && withoutVat > cents(stamp.threshold)) {
      stampDuty = stamp.amount;
      sources.push(stamp.source);
      notes.push(stamp.wording);
      lines.push({
        kind: 'stamp_duty',
        description: stamp.lineDescription,
        quantity: null,
        unit_price: stamp.amount,
        total: stamp.amount,
        application_id: null,
        number: lines.length + 1,
        vat_rate: 0,
        nature: stamp.nature,
        withholding: false,
      });
    }
  } else {
    const vat = inForce(VAT_RATES, day);
    const rule = inForce(WITHHOLDING_RULES, day);
    if (!(vat && rule)) throw new Error(`no VAT or withholding rule in force on ${day}`);
    sources.push(vat.source, rule.source);
    for (const input of billed)
      lines.push({ ...input, number: lines.length + 1, vat_rate: vat.rate, nature: null, withholding: true });
    const base = lines.reduce((sum, line) => sum + cents(line.total), 0);
    withholding = { type: rule.type, rate: rule.rate, causale: rule.causale, amount: euros(shareOf(base, rule.rate)) };
  }

  // One summary row per rate and nature, the tax on the row's total (as the SdI checks it).
  const rows = new Map<string, TInvoiceSummaryRow & { taxableCents: number }>();
  for (const line of lines) {
    const key = `${line.vat_rate}|${line.nature ?? ''}`;
    const row = rows.get(key) ?? {
      vat_rate: line.vat_rate,
      nature: line.nature,
      taxable: 0,
      tax: 0,
      legal_reference: null,
      taxableCents: 0,
    };
    row.taxableCents += cents(line.total);
    rows.set(key, row);
  }
  const forfettario = inForce(FORFETTARIO_RULES, day);
  const summary = [...rows.values()].map(({ taxableCents, ...row }) => ({
    ...row,
    taxable: euros(taxableCents),
    tax: euros(shareOf(taxableCents, row.vat_rate)),
    legal_reference:
      row.nature === forfettario?.nature && regime === 'forfettario'
        ? 'Art. 1, commi 54-89, L. 190/2014'
        : row.nature === stamp?.nature
          ? 'Art. 15 DPR 633/1972'
          : null,
  }));
  const taxableCents = summary.reduce((sum, row) => sum + cents(row.taxable), 0);
  const vatCents = summary.reduce((sum, row) => sum + cents(row.tax), 0);
  const totalCents = taxableCents + vatCents;
  return {
    regime,
    regime_code: regimeCode,
    lines,
    summary,
    taxable: euros(taxableCents),
    vat: euros(vatCents),
    withholding,
    stamp_duty: stampDuty,
    total: euros(totalCents),
    amount_due: euros(totalCents - cents(withholding?.amount ?? 0)),
    notes,
    sources,
  };
}

/** The day an invoice issued on `issuedOn` falls due: the contract's days, else the law's default. */
export function invoiceDueOn(issuedOn: string, contractDays?: number | null): string {
  const days = contractDays ?? inForce(PAYMENT_TERMS, issuedOn)?.days ?? 30;
  const date = new Date(`${issuedOn}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

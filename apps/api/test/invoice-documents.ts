/**
 * Invoice snapshots for the document tests, their amounts from invoiceAmounts as the server computes them: a flat-rate
 * invoice over the stamp duty's threshold, one under it, an ordinary one with withholding and IBAN, and a credit note
 * undoing the first. Names and codes are made up; the texts carry characters XML must escape (& < ' à).
 */
import {
  amountFor,
  invoiceAmounts,
  invoiceDueOn,
  type TInvoiceDocument,
  type TInvoiceLineInput,
  type TTaxRegime,
} from '@farmaponte/shared';

const SUPPLIER: TInvoiceDocument['supplier'] = {
  name: 'Anna Maria De Santis',
  given_name: 'Anna Maria',
  family_name: 'De Santis',
  partita_iva: '01234567890',
  codice_fiscale: 'DSNNMR85C41F205Z',
  address: { street: 'Via Giuseppe Verdi 12', cap: '20121', comune: 'Milano', provincia: 'MI' },
  iban: null,
};

const CLIENT: TInvoiceDocument['client'] = {
  name: "Farmacia Sant'Anna & Figli S.n.c.",
  partita_iva: '09876543210',
  codice_fiscale: '09876543210',
  address: { street: 'Corso Garibaldi 5', cap: '47121', comune: 'Forlì', provincia: 'FC' },
  organisation_id: 4,
  codice_destinatario: 'M5UXCR1',
  pec: null,
};

const hours = (description: string, minutes: number, rate: number): TInvoiceLineInput => ({
  kind: 'hours',
  description,
  quantity: Number((minutes / 60).toFixed(8)),
  unit_price: rate,
  total: amountFor(minutes, rate),
  application_id: 11,
});
const lump = (kind: 'travel' | 'lodging' | 'expense', description: string, total: number): TInvoiceLineInput => ({
  kind,
  description,
  quantity: null,
  unit_price: total,
  total,
  application_id: 11,
});

type TBasics = Pick<TInvoiceDocument, 'id' | 'number' | 'sequence' | 'issued_on'> & Partial<TInvoiceDocument>;

/** A snapshot issued on `issued_on` under `regime`, from its lines. */
export function invoiceDocument(regime: TTaxRegime, inputs: TInvoiceLineInput[], basics: TBasics): TInvoiceDocument {
  const { lines, summary, taxable, vat, withholding, stamp_duty, total, amount_due, notes, regime_code } = invoiceAmounts(
    regime,
    inputs,
    basics.issued_on,
  );
  return {
    kind: 'fattura',
    year: Number(basics.issued_on.slice(0, 4)),
    due_on: invoiceDueOn(basics.issued_on),
    regime,
    regime_code,
    supplier: SUPPLIER,
    client: CLIENT,
    pharmacies: [{ id: 7, name: "Farmacia Sant'Anna" }],
    lines,
    summary,
    taxable,
    vat,
    withholding,
    stamp_duty,
    total,
    amount_due,
    notes,
    credits: null,
    credit_reason: null,
    ...basics,
  };
}

const FLAT_LINES = [
  hours("Turni del 3-7 marzo 2025 <diurni> – Farmacia Sant'Anna & Figli, Forlì: 8 ore 20 min a 31,37 €/ora", 500, 31.37),
  lump('travel', 'Viaggio Milano–Forlì', 24.6),
  lump('expense', 'Parcheggio in città (ricevuta)', 7.5),
];

/** Forfettario, 293,52 € of lines: N2.2, and the 2 € stamp duty as line 4 (N1). Total and due 295,52 €. */
export const FLAT_WITH_STAMP = invoiceDocument('forfettario', FLAT_LINES, {
  id: 1,
  number: '1/FP',
  sequence: 1,
  issued_on: '2025-03-10',
});

/** Forfettario, 77,47 € exactly: no stamp duty. The client has no SdI code but a PEC. */
export const FLAT_UNDER_THRESHOLD = invoiceDocument(
  'forfettario',
  [hours('Turno del 12 marzo 2025: 2 ore a 38,00 €/ora', 120, 38), lump('expense', 'Parcheggio', 1.47)],
  {
    id: 2,
    number: '2/FP',
    sequence: 2,
    issued_on: '2025-03-14',
    client: { ...CLIENT, codice_destinatario: '0000000', pec: 'farmacia.santanna@pec.example.it' },
  },
);

/**
 * Ordinario: 6 h × 30,00 = 180,00 + travel 20,00 + lodging 45,50 + parking 5,00 = 250,50 €; VAT 22% = 55,11; total
 * 305,61; withholding 20% = 50,10; due 255,51 €. Neither SdI code nor PEC: '0000000'. Her IBAN is given.
 */
export const ORDINARY_WITH_WITHHOLDING = invoiceDocument(
  'ordinario',
  [
    hours("Turno del 20 marzo 2025, Farmacia Sant'Anna: 6 ore a 30,00 €/ora", 360, 30),
    lump('travel', 'Viaggio', 20),
    lump('lodging', 'Alloggio, una notte', 45.5),
    lump('expense', 'Parcheggio', 5),
  ],
  {
    id: 37,
    number: '3/FP',
    sequence: 3,
    issued_on: '2025-03-31',
    supplier: { ...SUPPLIER, iban: 'IT60 X054 2811 1010 0000 0123 456' },
    client: { ...CLIENT, codice_destinatario: '0000000', pec: null },
  },
);

/** The credit note (TD04) undoing FLAT_WITH_STAMP: the same lines and amounts, the next number. */
export const CREDIT_NOTE: TInvoiceDocument = {
  ...invoiceDocument('forfettario', FLAT_LINES, { id: 38, number: '4/FP', sequence: 4, issued_on: '2025-04-22' }),
  kind: 'nota_di_credito',
  credits: { id: 1, number: '1/FP', issued_on: '2025-03-10' },
  credit_reason: 'Ore indicate due volte per errore',
};

/**
 * From hours to invoice (decision 095): the hours' state on a worked shift, the expenses claimed on it, and the
 * invoices (and credit notes) a freelance pharmacist issues from confirmed hours, with what each side sees.
 */
import { z } from 'zod';
import { isIsoDate } from '../dates';
import { TAX_REGIMES } from '../engagement';
import { INVOICE_LINE_KINDS } from '../invoice';
import { HOURS_CLOSING } from '../invoice-rules';
import { INVOICE_MESSAGES as M } from '../messages-invoices';
import { zId, zText } from './common';

/**
 * A worked shift's hours: `in_corso` while days are to come or the pharmacist may still correct them and nobody
 * answered; `da_confermare` when corrected and waiting for the pharmacy; `contestate` when the pharmacy disputed them;
 * `confermate` by the pharmacy or, with nothing answered, automatically on `confirms_on`.
 */
export const HOURS_STATES = ['in_corso', 'da_confermare', 'contestate', 'confermate'] as const;
export type THoursState = (typeof HOURS_STATES)[number];

export const EXPENSE_KINDS = ['parcheggio', 'altro'] as const;
export const EXPENSE_STATES = ['in_attesa', 'confermata', 'contestata'] as const;

export const ZShiftExpenseSchema = z.object({
  id: z.number(),
  application_id: z.number(),
  kind: z.enum(EXPENSE_KINDS),
  description: z.string(),
  amount: z.number(),
  spent_on: z.string(),
  /** 'in_attesa' until the pharmacy answers; confirmed automatically with the hours. */
  status: z.enum(EXPENSE_STATES),
  note: z.string().nullable(),
  receipt: z.object({ name: z.string(), type: z.string(), size: z.number() }),
  invoice_id: z.number().nullable(),
  created_at: z.string(),
});
export type TShiftExpense = z.infer<typeof ZShiftExpenseSchema>;

/** What a worked shift gains: the hours' state, its expenses, and the invoice it is billed in. */
export const ZShiftClosingSchema = z.object({
  state: z.enum(HOURS_STATES),
  /** 'titolare' (confirmed by the pharmacy) or 'automatica' (nobody answered by `confirms_on`); null until confirmed. */
  confirmed_by: z.enum(['titolare', 'automatica']).nullable(),
  /** The day hours and expenses still unanswered are confirmed: the shift's last day + 14 + 3. */
  confirms_on: z.string(),
  /** Freelance, over, hours and expenses confirmed, not invoiced: the pharmacist may issue an invoice. */
  invoiceable: z.boolean(),
  legal_form: z.enum(['dipendente', 'libera_professione']),
  expenses: z.array(ZShiftExpenseSchema),
  invoice: z.object({ id: z.number(), number: z.string(), status: z.string() }).nullable(),
});
export type TShiftClosing = z.infer<typeof ZShiftClosingSchema>;

/** POST /api/shifts/{applicationId}/expenses/: the fields (the receipt comes with them, see docs/api.md). */
export const ZExpenseInputSchema = z.object({
  kind: z.enum(EXPENSE_KINDS, { error: M.expenseKind }),
  description: zText(200, M.expenseDescription).refine((v) => v.length > 0, M.expenseDescription),
  amount: z.coerce
    .number({ error: M.expenseAmount })
    .positive(M.expenseAmount)
    .max(HOURS_CLOSING.expenseMaxAmount, M.expenseAmount)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, M.expenseAmount),
  spent_on: z.string({ error: M.expenseDay }).refine(isIsoDate, M.expenseDay),
});
export type TExpenseInput = z.infer<typeof ZExpenseInputSchema>;

export const ZExpenseParamsSchema = z.object({ expenseId: zId });

/** The receipt's name as the client gives it (`?name=`, optional). */
export const ZExpenseClaimQuerySchema = ZExpenseInputSchema.extend({ name: z.string().max(300).optional() });

export const ZExpenseSavedSchema = z.object({ message: z.string(), expense: ZShiftExpenseSchema });
export type TExpenseSaved = z.infer<typeof ZExpenseSavedSchema>;

/** POST /api/expenses/{expenseId}/review/: the pharmacy confirms or disputes (with a note). */
export const ZExpenseReviewInputSchema = z
  .object({
    status: z.enum(['confermata', 'contestata'], { error: M.expenseReviewStatus }),
    note: zText(500),
  })
  .superRefine((review, ctx) => {
    if (review.status === 'contestata' && !review.note)
      ctx.addIssue({ code: 'custom', message: M.disputeNeedsNote, path: ['note'] });
  });
export type TExpenseReviewInput = z.infer<typeof ZExpenseReviewInputSchema>;

/**
 * Invoice states: `emessa` (issued, file given), `inviata` (she marked it sent to the SdI), `pagata` (the pharmacy
 * marked it paid), `stornata` (undone by a credit note). `scaduta` is never stored: an issued or sent invoice past its
 * due day reads as overdue.
 */
export const INVOICE_STATES = ['emessa', 'inviata', 'pagata', 'scaduta', 'stornata'] as const;
export type TInvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_KINDS = ['fattura', 'nota_di_credito'] as const;

/**
 * POST /api/invoices/ and /api/invoices/preview/: the engagements to invoice, or every invoiceable engagement of one
 * month (by last day) with one organisation.
 */
export const ZInvoiceIssueInputSchema = z.union(
  [
    z.object({
      application_ids: z.array(zId, { error: M.nothingToInvoice }).min(1, M.nothingToInvoice).max(100, M.nothingToInvoice),
    }),
    z.object({
      organisation_id: zId,
      year: z.coerce.number().int().min(2000).max(2100),
      month: z.coerce.number().int().min(1).max(12),
    }),
  ],
  { error: M.nothingToInvoice },
);
export type TInvoiceIssueInput = z.infer<typeof ZInvoiceIssueInputSchema>;

const ZAddressSchema = z.object({ street: z.string(), cap: z.string(), comune: z.string(), provincia: z.string() });

export const ZInvoicePartySchema = z.object({
  name: z.string(),
  partita_iva: z.string(),
  codice_fiscale: z.string(),
  address: ZAddressSchema,
});

export const ZInvoiceLineSchema = z.object({
  number: z.number(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  quantity: z.number().nullable(),
  unit_price: z.number(),
  total: z.number(),
  vat_rate: z.number(),
  nature: z.string().nullable(),
  withholding: z.boolean(),
  application_id: z.number().nullable(),
});

/** An invoice as both sides read it (the snapshot it was issued from: never edited). */
export const ZInvoiceSchema = z.object({
  id: z.number(),
  kind: z.enum(INVOICE_KINDS),
  /** '7/FP': the number of the platform's series for the pharmacist and year. */
  number: z.string(),
  year: z.number(),
  sequence: z.number(),
  issued_on: z.string(),
  due_on: z.string(),
  state: z.enum(INVOICE_STATES),
  regime: z.enum(TAX_REGIMES),
  supplier: ZInvoicePartySchema.extend({
    iban: z.string().nullable(),
    /**
     * Her first name(s) and surname as the profile has them, FatturaPA's Nome and Cognome (`name` is both, for reading).
     * Without them the XML takes the name's first word as Nome and the rest as Cognome.
     */
    given_name: z.string().optional(),
    family_name: z.string().optional(),
  }),
  client: ZInvoicePartySchema.extend({
    organisation_id: z.number().nullable(),
    codice_destinatario: z.string(),
    pec: z.string().nullable(),
  }),
  pharmacies: z.array(z.object({ id: z.number().nullable(), name: z.string() })),
  application_ids: z.array(z.number()),
  lines: z.array(ZInvoiceLineSchema),
  summary: z.array(
    z.object({
      vat_rate: z.number(),
      nature: z.string().nullable(),
      taxable: z.number(),
      tax: z.number(),
      legal_reference: z.string().nullable(),
    }),
  ),
  taxable: z.number(),
  vat: z.number(),
  withholding: z.object({ type: z.string(), rate: z.number(), causale: z.string(), amount: z.number() }).nullable(),
  stamp_duty: z.number().nullable(),
  total: z.number(),
  amount_due: z.number(),
  notes: z.array(z.string()),
  /** The SdI file name of the XML (IT<partita IVA>_<5 characters>.xml). */
  file_name: z.string(),
  sent_at: z.string().nullable(),
  paid_on: z.string().nullable(),
  paid_by: z.string().nullable(),
  /** The credit note that undoes it, or the invoice a credit note undoes. */
  credited_by: z.object({ id: z.number(), number: z.string() }).nullable(),
  credits: z.object({ id: z.number(), number: z.string(), issued_on: z.string() }).nullable(),
  credit_reason: z.string().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoiceSchema>;

/** POST /api/invoices/preview/: what the invoice would be, without number, file or anything stored. */
export const ZInvoicePreviewSchema = ZInvoiceSchema.pick({
  regime: true,
  supplier: true,
  client: true,
  pharmacies: true,
  application_ids: true,
  lines: true,
  summary: true,
  taxable: true,
  vat: true,
  withholding: true,
  stamp_duty: true,
  total: true,
  amount_due: true,
  notes: true,
  due_on: true,
});
export type TInvoicePreview = z.infer<typeof ZInvoicePreviewSchema>;

export const ZInvoiceSavedSchema = z.object({ message: z.string(), invoice: ZInvoiceSchema });

export const ZInvoiceParamsSchema = z.object({ invoiceId: zId });

/** GET /api/invoices/mine/ and /api/invoices/received/: one year (this one when absent), optionally one state. */
export const ZInvoiceListQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  state: z.enum(INVOICE_STATES).optional(),
});

/** Count and euros (amount due) per state. */
const ZStateTotalSchema = z.object({ count: z.number(), amount: z.number() });
/** Every state named as its own property (a record of an enum would leave them undefined in the OpenAPI document). */
export const ZInvoiceStateTotalsSchema = z.object(
  Object.fromEntries(INVOICE_STATES.map((state) => [state, ZStateTotalSchema])) as Record<
    TInvoiceState,
    typeof ZStateTotalSchema
  >,
);

export const ZInvoiceListSchema = z.object({
  year: z.number(),
  invoices: z.array(ZInvoiceSchema),
  by_state: ZInvoiceStateTotalsSchema,
  /** The year's total per organisation (invoices less credit notes, taxable + VAT). */
  by_organisation: z.array(
    z.object({ organisation_id: z.number().nullable(), name: z.string(), total: z.number(), count: z.number() }),
  ),
});
export type TInvoiceList = z.infer<typeof ZInvoiceListSchema>;

/** GET /api/invoices/invoiceable/: her engagements ready to invoice and those still waiting, by organisation and month. */
export const ZInvoiceableSchema = z.object({
  groups: z.array(
    z.object({
      organisation: z.object({ id: z.number(), name: z.string() }),
      /** 'YYYY-MM' of the engagements' last days. */
      month: z.string(),
      engagements: z.array(
        z.object({
          application_id: z.number(),
          title: z.string(),
          pharmacy: z.string(),
          first_day: z.string(),
          last_day: z.string(),
          amount: z.number(),
          expenses: z.number(),
        }),
      ),
      total: z.number(),
    }),
  ),
  waiting: z.array(
    z.object({
      application_id: z.number(),
      title: z.string(),
      pharmacy: z.string(),
      last_day: z.string(),
      state: z.enum(HOURS_STATES),
      confirms_on: z.string(),
    }),
  ),
});
export type TInvoiceable = z.infer<typeof ZInvoiceableSchema>;

export const ZInvoicePaidInputSchema = z.object({
  paid_on: z.string({ error: M.paidDay }).refine(isIsoDate, M.paidDay).optional(),
});
export type TInvoicePaidInput = z.infer<typeof ZInvoicePaidInputSchema>;
export const ZCreditNoteInputSchema = z.object({
  reason: zText(300, M.creditNoteReason).refine((v) => v.length > 0, M.creditNoteReason),
});
export type TCreditNoteInput = z.infer<typeof ZCreditNoteInputSchema>;

/**
 * What the FatturaPA XML and the PDF copy are made from: the stored snapshot of an invoice or credit note, with the
 * row's id (the SdI file's progressive) and the regime's FatturaPA code.
 */
export type TInvoiceDocument = Pick<
  TInvoice,
  | 'id'
  | 'kind'
  | 'number'
  | 'year'
  | 'sequence'
  | 'issued_on'
  | 'due_on'
  | 'regime'
  | 'supplier'
  | 'client'
  | 'pharmacies'
  | 'lines'
  | 'summary'
  | 'taxable'
  | 'vat'
  | 'withholding'
  | 'stamp_duty'
  | 'total'
  | 'amount_due'
  | 'notes'
  | 'credits'
  | 'credit_reason'
> & { regime_code: string };

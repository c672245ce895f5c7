/**
 * The contratto d'opera of a freelance engagement, the employee's hiring summary and the warning before a freelance
 * relationship looks like employment (decision 093): the answers' schemas, the inputs, the messages (with their API
 * `code`) and the documents' Italian text. The rules they apply are in engagement.ts.
 */
import { z } from 'zod';
import { CONTRACT_TEMPLATE, EMPLOYMENT_NOTICE, RECLASSIFICATION } from './engagement';
import { MESSAGES } from './messages';
import { ZEngagementPaySchema } from './schemas/engagement-pay';
import { zHourlyPay } from './schemas/offers';

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const CONTRACT_MESSAGES = {
  /** 404 contract_not_found */
  notFound: 'Non esiste un contratto per questa candidatura.',
  /** 409 contract_superseded */
  superseded: 'Questa versione del contratto è stata sostituita da una più recente: leggi e conferma quella nuova.',
  /** 409 engagement_cancelled */
  engagementCancelled: "L'incarico è stato annullato: il contratto resta consultabile ma non si può più confermare né cambiare.",
  /** 409 contract_hash_mismatch */
  hashMismatch:
    'Il documento che hai letto non corrisponde a questa versione del contratto: scarica di nuovo il PDF e conferma quello.',
  /** 400 sha256_invalid */
  hashInvalid: "Indica l'impronta SHA-256 del documento (64 caratteri esadecimali).",
  /** 400 contract_time_invalid */
  timeInvalid: "Scrivi l'orario come HH:MM, per esempio 09:00.",
  /** 400 contract_expenses_invalid */
  expensesInvalid: 'Il rimborso spese è un importo in euro tra 0 e 10.000, con al massimo due decimali.',
  /** 400 contract_no_change */
  noChange: 'Indica almeno una condizione da cambiare: compenso orario, rimborso spese, ora di inizio o di fine.',
  /** 409 contract_shift_over */
  shiftOver: 'Il turno è già finito: il contratto non si può più cambiare.',
  /** 404 hiring_summary_not_found */
  summaryNotFound: 'Il riepilogo di assunzione esiste solo per una candidatura accettata come lavoro dipendente.',
  /** 404 reclassification_not_found */
  reclassificationNotFound: 'La verifica del rischio di riqualificazione riguarda solo le candidature in libera professione.',
  confirmed: 'Contratto confermato.',
} as const;

// ——— The contract ———

const zParty = z.object({
  name: z.string(),
  partita_iva: z.string(),
  codice_fiscale: z.string(),
  sede_legale: z.string(),
  pec: z.string(),
});

/** The terms as both sides saw them when the version was written (kept as written, whatever becomes of the accounts). */
export const ZContractTermsSchema = z.object({
  template: z.object({ version: z.string(), since: z.string(), source: z.string() }),
  organisation: zParty,
  pharmacy: z.object({ name: z.string(), address: z.string(), comune: z.string() }),
  pharmacist: z.object({
    name: z.string(),
    surname: z.string(),
    codice_fiscale: z.string(),
    partita_iva: z.string(),
    tax_regime: z.string().nullable(),
    albo: z.object({ number: z.string(), ordine: z.string(), date: z.string() }),
    insurance: z.object({
      company: z.string(),
      policy_number: z.string(),
      cover: z.number().nullable(),
      expires_on: z.string().nullable(),
    }),
  }),
  shift: z.object({
    title: z.string(),
    date_from: z.string().nullable(),
    date_to: z.string().nullable(),
    days: z.number(),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    /** Minutes of each day (null without hours), and of all the days (null without dates or hours). */
    minutes_per_day: z.number().nullable(),
    total_minutes: z.number().nullable(),
  }),
  fee: z.object({ hourly: z.number().nullable(), expenses: z.number(), total: z.number().nullable() }),
  /**
   * The pay hour by hour with the supplements, the travel and the lodging, at the fee as agreed (decision 094); null
   * in versions written before it.
   */
  pay: ZEngagementPaySchema.nullable(),
  cancellation: z.object({ notice_hours: z.number(), late_share: z.number() }),
  retention: z.object({ years: z.number(), keep_until: z.string(), source: z.string() }),
  /** The offer's days, hours and pay this version was written from: an edit of the offer that changes them revises it. */
  offer: z.object({
    date_from: z.string().nullable(),
    date_to: z.string().nullable(),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    hourly_pay: z.number().nullable(),
  }),
});
export type TContractTerms = z.infer<typeof ZContractTermsSchema>;

export const ZContractVersionSchema = z.object({
  id: z.number(),
  version: z.number(),
  sha256: z.string(),
  created_at: z.string(),
  superseded_at: z.string().nullable(),
  owner_confirmed_at: z.string().nullable(),
  pharmacist_confirmed_at: z.string().nullable(),
});

/** `annullato`: the engagement was cancelled (or its offer deleted); the document stays, it can no longer be confirmed. */
export const CONTRACT_STATUSES = ['da_confermare', 'confermato_da_entrambi', 'annullato'] as const;

/** GET /api/applications/{id}/contract/: the current version, its confirmations and every version. */
export const ZContractSchema = z.object({
  id: z.number(),
  version: z.number(),
  sha256: z.string(),
  created_at: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  owner_confirmation: z.object({ at: z.string(), by_name: z.string() }).nullable(),
  pharmacist_confirmation: z.object({ at: z.string() }).nullable(),
  terms: ZContractTermsSchema,
  pdf_url: z.string(),
  versions: z.array(ZContractVersionSchema),
});
export type TContract = z.infer<typeof ZContractSchema>;

export const ZContractIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** POST /api/contracts/{id}/confirm/: the SHA-256 of the PDF the person read. */
export const ZContractConfirmInputSchema = z.object({
  sha256: z
    .string({ error: CONTRACT_MESSAGES.hashInvalid })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, CONTRACT_MESSAGES.hashInvalid),
});

const zContractTime = z
  .string({ error: CONTRACT_MESSAGES.timeInvalid })
  .trim()
  .transform((v) => v.replace(/^(\d):/, '0$1:'))
  .refine((v) => TIME_PATTERN.test(v), CONTRACT_MESSAGES.timeInvalid)
  .optional();

/** PUT /api/applications/{id}/contract/: what changes in the new version; what is absent stays as it was. */
export const ZContractChangeInputSchema = z
  .object({
    hourly_fee: zHourlyPay,
    expenses: z.coerce
      .number({ error: CONTRACT_MESSAGES.expensesInvalid })
      .min(0, CONTRACT_MESSAGES.expensesInvalid)
      .max(10_000, CONTRACT_MESSAGES.expensesInvalid)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-7, CONTRACT_MESSAGES.expensesInvalid)
      .optional(),
    start_time: zContractTime,
    end_time: zContractTime,
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: CONTRACT_MESSAGES.noChange,
  });
export type TContractChangeInput = z.infer<typeof ZContractChangeInputSchema>;

export const ZContractConfirmedSchema = ZContractSchema.extend({ message: z.string() });

// ——— The contract's PDF ———

const euro = (cents: number) => {
  const whole = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(Math.abs(cents) % 100).padStart(2, '0')} €`;
};
export const euroText = (euros: number) => euro(Math.round(euros * 100));
const italianDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const hoursText = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} ore e ${m} minuti` : `${h} ore`;
};

/** The contract's document, clause by clause: each a heading and its paragraphs. */
export function contractClauses(terms: TContractTerms, version: number): { heading: string; paragraphs: string[] }[] {
  const { organisation: org, pharmacy, pharmacist: who, shift, fee } = terms;
  // The hours paid hour by hour (decision 094) where the version has them: a freelancer's night and holiday fees count.
  const total = terms.pay?.total ?? fee.total;
  const missing = 'non indicato';
  const or = (value: string | null | undefined) => value || missing;
  const period =
    shift.date_from && shift.date_to
      ? shift.date_from === shift.date_to
        ? `il giorno ${italianDay(shift.date_from)}`
        : `dal ${italianDay(shift.date_from)} al ${italianDay(shift.date_to)} (${shift.days} giorni)`
      : 'nei giorni da concordare tra le parti';
  const hours =
    shift.start_time && shift.end_time
      ? `dalle ${shift.start_time} alle ${shift.end_time}${shift.minutes_per_day ? ` (${hoursText(shift.minutes_per_day)} al giorno)` : ''}`
      : 'negli orari da concordare tra le parti';
  const regime =
    who.tax_regime === 'forfettario' ? 'regime forfettario' : who.tax_regime === 'ordinario' ? 'regime ordinario' : missing;
  const cover = who.insurance.cover == null ? missing : euroText(who.insurance.cover);
  const share = `${Math.round(terms.cancellation.late_share * 100)}%`;
  return [
    {
      heading: 'Le parti',
      paragraphs: [
        `Committente: ${or(org.name)}, partita IVA ${or(org.partita_iva)}, codice fiscale ${or(org.codice_fiscale)}, sede legale ${or(org.sede_legale)}, PEC ${or(org.pec)}, per la farmacia ${or(pharmacy.name)}, ${or(pharmacy.address)}, ${or(pharmacy.comune)}.`,
        `Professionista: dott./dott.ssa ${`${who.name} ${who.surname}`.trim() || missing}, codice fiscale ${or(who.codice_fiscale)}, partita IVA ${or(who.partita_iva)} (${regime}), iscritto/a all'albo dei farmacisti dell'Ordine di ${or(who.albo.ordine)} al n. ${or(who.albo.number)}${who.albo.date ? ` dal ${italianDay(who.albo.date)}` : ''}; assicurazione di responsabilità civile professionale ${or(who.insurance.company)}, polizza n. ${or(who.insurance.policy_number)}, massimale ${cover}, valida fino al ${who.insurance.expires_on ? italianDay(who.insurance.expires_on) : missing}.`,
      ],
    },
    {
      heading: '1. Oggetto',
      paragraphs: [
        `Il professionista svolge in autonomia, con lavoro prevalentemente proprio, l'attività professionale di farmacista presso la farmacia indicata («${shift.title}»), ai sensi degli artt. 2222 e seguenti del codice civile.`,
      ],
    },
    {
      heading: '2. Giorni e orari',
      paragraphs: [`La prestazione è resa ${period}, ${hours}. Nessun altro orario è dovuto oltre ai turni qui concordati.`],
    },
    {
      heading: CONTRACT_TEXT.feeHeading,
      paragraphs: [
        fee.hourly == null
          ? 'Il compenso orario è quello concordato tra le parti.'
          : `Il compenso è di ${euroText(fee.hourly)} per ogni ora di prestazione${total == null ? '' : `, per un totale di ${euroText(total)} per i giorni e gli orari indicati`}, oltre a IVA e contributo previdenziale se dovuti, contro fattura del professionista.`,
        fee.expenses > 0
          ? `Il committente rimborsa spese per ${euroText(fee.expenses)}, documentate.`
          : 'Nessun rimborso spese è previsto.',
      ],
    },
    {
      heading: '4. Recesso e annullamento dei turni',
      paragraphs: [
        `Il committente può recedere o annullare un turno con un preavviso di almeno ${terms.cancellation.notice_hours} ore prima del suo inizio. Con un preavviso minore, al professionista spetta il ${share} del compenso dei turni annullati, a titolo di mancato guadagno (art. 2227 c.c.).`,
      ],
    },
    {
      heading: '5. Autonomia',
      paragraphs: [
        "Il rapporto non costituisce lavoro subordinato. Il professionista è libero di prestare la propria attività per altri committenti, non è soggetto ad alcun orario oltre ai turni concordati, organizza la propria attività con mezzi propri ed è coperto dalla propria assicurazione professionale. Come professionista iscritto a un albo, il rapporto è escluso dall'etero-organizzazione (art. 2, comma 2, lett. b), d.lgs. 81/2015).",
      ],
    },
    {
      heading: '6. Protezione dei dati',
      paragraphs: [
        "Ciascuna parte tratta i dati personali dell'altra per eseguire il contratto (art. 6, par. 1, lett. b), Reg. UE 2016/679). Il professionista è autorizzato a trattare i dati dei pazienti della farmacia secondo le istruzioni del committente (art. 29 Reg. UE 2016/679 e art. 2-quaterdecies d.lgs. 196/2003) e ne mantiene la riservatezza.",
      ],
    },
    {
      heading: '7. Conservazione',
      paragraphs: [
        `Il contratto è conservato per ${terms.retention.years} anni dall'ultimo giorno della prestazione, fino al ${italianDay(terms.retention.keep_until)} (${terms.retention.source}).`,
      ],
    },
    {
      heading: 'Modello e fonti',
      paragraphs: [
        `Modello ${terms.template.version} (in vigore dal ${italianDay(terms.template.since)}), versione ${version} del contratto. Fonti: ${terms.template.source}.`,
      ],
    },
  ];
}

export const CONTRACT_TEXT = {
  title: "Contratto d'opera professionale (art. 2222 c.c.)",
  /** The fee's clause, which the PDF follows with the pay hour by hour (decision 094). */
  feeHeading: '3. Compenso e spese',
  fileName: (applicationId: number, version: number) => `contratto-${applicationId}-v${version}.pdf`,
  page: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
  template: CONTRACT_TEMPLATE.version,
} as const;

// ——— The employee's hiring summary ———

export const ZHiringSummarySchema = z.object({
  pharmacist: z.object({
    name: z.string(),
    surname: z.string(),
    codice_fiscale: z.string().nullable(),
    birth_date: z.string().nullable(),
    birth_place: z.object({ code: z.string(), name: z.string(), province: z.string() }).nullable(),
  }),
  pharmacy: z.object({ name: z.string(), address: z.string(), comune: z.string() }),
  organisation: zParty,
  title: z.string(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  hours: z.object({
    start: z.string().nullable(),
    end: z.string().nullable(),
    /** Hours of each day and of all the days (null without hours, or without dates for the total). */
    per_day: z.number().nullable(),
    total: z.number().nullable(),
  }),
  ccnl: z.object({ name: z.string(), level: z.string(), level_label: z.string() }),
  /** The hourly pay as agreed (the settled one, else the offer's). */
  hourly_pay: z.number().nullable(),
  /** The offer's days and hours paid hour by hour with the CCNL's supplements, travel and lodging (decision 094). */
  pay: ZEngagementPaySchema,
  notice: z.string(),
  source: z.string(),
});
export type THiringSummary = z.infer<typeof ZHiringSummarySchema>;

export const ZHiringSummaryQuerySchema = z.object({
  format: z.enum(['json', 'pdf'], { error: MESSAGES.invalidInput }).default('json'),
});

export const HIRING_SUMMARY_TEXT = {
  title: 'Riepilogo per la comunicazione di assunzione',
  notice: `Farmaponte non invia la comunicazione obbligatoria: il consulente del lavoro della farmacia deve inviare la comunicazione UNILAV entro il giorno precedente l'inizio del rapporto (${EMPLOYMENT_NOTICE.citation}). Questo riepilogo raccoglie i dati che servono.`,
  missing: 'non indicato',
  fileName: (applicationId: number) => `riepilogo-assunzione-${applicationId}.pdf`,
  labels: {
    pharmacist: 'Lavoratore',
    codiceFiscale: 'Codice fiscale',
    birth: 'Nato/a',
    employer: 'Datore di lavoro',
    pharmacy: 'Sede di lavoro',
    period: 'Periodo',
    hours: 'Orario',
    ccnl: 'Contratto collettivo',
    pay: 'Paga oraria offerta',
  },
} as const;

// ——— The warning before a freelance relationship looks like employment ———

export const RECLASSIFICATION_KEYS = ['shifts', 'sameWeekdayWeeks', 'hoursPerMonth', 'share'] as const;

export const ZReclassificationSchema = z.object({
  at_risk: z.boolean(),
  /** The 12 months read, both days included. */
  from: z.string(),
  to: z.string(),
  indicators: z.array(
    z.object({
      key: z.enum(RECLASSIFICATION_KEYS),
      /** null: not read (the share, on fewer engagements than its minimum). */
      value: z.number().nullable(),
      threshold: z.number(),
      over: z.boolean(),
      label: z.string(),
    }),
  ),
  title: z.string(),
  explanation: z.string(),
  advice: z.array(z.string()),
  source: z.string(),
});
export type TReclassification = z.infer<typeof ZReclassificationSchema>;

export const RECLASSIFICATION_TEXT = {
  title: 'Rischio di riqualificazione del rapporto',
  explanation:
    'Un rapporto di libera professione continuo, a giorni e orari fissi e quasi esclusivo con la stessa farmacia può essere considerato dal giudice lavoro dipendente: la farmacia dovrebbe allora le differenze di retribuzione, il TFR e i contributi arretrati, con le sanzioni.',
  advice: [
    'Varia i giorni della settimana e non fissare turni ricorrenti allo stesso orario.',
    'Per un impegno continuativo valuta un contratto di lavoro dipendente a tempo determinato (CCNL farmacie private).',
    'Chiedi un parere al tuo consulente del lavoro prima di proseguire.',
  ],
  labels: {
    shifts: (threshold: number) => `Giorni di turno in libera professione negli ultimi 12 mesi (soglia ${threshold})`,
    sameWeekdayWeeks: (threshold: number) => `Settimane con un turno nello stesso giorno della settimana (soglia ${threshold})`,
    hoursPerMonth: (threshold: number) => `Ore nel mese più impegnato (soglia ${threshold})`,
    share: (threshold: number) =>
      `Quota dei suoi incarichi su Farmaponte presso questa organizzazione (soglia ${Math.round(threshold * 100)}%, letta da ${RECLASSIFICATION.thresholds.shareMinimumEngagements} incarichi)`,
  },
} as const;

/**
 * The rules of an engagement as data (docs/decisions/093-a-booking-is-a-lawful-engagement.md): the legal forms a shift
 * may be worked under, the CCNL levels, the professional file's requirements, the contract's fixed terms and the
 * thresholds of the warning before a freelance relationship looks like employment. Each rule names its source and the
 * day it is in force from; a new rule is a new entry with a later `since`, never an edit of the old one, so an
 * engagement is always read under the rule of its day (`inForce`).
 */

import { FAIR_PAY } from './fair-pay';

/** The legal forms a pharmacist may cover a shift under. */
export const LEGAL_FORMS = ['dipendente', 'libera_professione'] as const;
export type TLegalForm = (typeof LEGAL_FORMS)[number];

export const LEGAL_FORM_LABELS: Record<TLegalForm, string> = {
  dipendente: 'Lavoro dipendente a tempo determinato',
  libera_professione: 'Libera professione (partita IVA)',
};

/** Short labels for a card or a badge. */
export const LEGAL_FORM_SHORT: Record<TLegalForm, string> = {
  dipendente: 'Dipendente (CCNL)',
  libera_professione: 'Libera professione',
};

/** schema.org JobPosting `employmentType` for each form. */
export const LEGAL_FORM_EMPLOYMENT_TYPE: Record<TLegalForm, 'TEMPORARY' | 'CONTRACTOR'> = {
  dipendente: 'TEMPORARY',
  libera_professione: 'CONTRACTOR',
};

/** What an offer written without a legal form (every client before decision 093) is: an employee shift at level 1. */
export const DEFAULT_LEGAL_FORMS: readonly TLegalForm[] = ['dipendente'];
export const DEFAULT_CCNL_LEVEL = '1';

/** The values people type for prestazione occasionale; refused with `OCCASIONAL_WORK.refusal`, never stored. */
export const OCCASIONAL_WORK_VALUES = ['prestazione_occasionale', 'occasionale', 'lavoro_occasionale'] as const;

export const OCCASIONAL_WORK = {
  since: '2017-09-01',
  source:
    "ENPAF, circolare n. 18 del settembre 2017: il lavoro occasionale non è configurabile per i professionisti iscritti a un albo; l'attività del farmacista in farmacia aperta al pubblico è attività professionale (d.lgs. 258/1991, art. 1) e si svolge come lavoro dipendente o come libera professione con partita IVA",
  refusal:
    "La prestazione occasionale non è ammessa per un farmacista che lavora in farmacia: l'ENPAF la ritiene incompatibile con l'iscrizione all'albo (circolare n. 18/2017). Scegli lavoro dipendente a tempo determinato o libera professione con partita IVA.",
} as const;

/**
 * The levels of the CCNL for employees of private pharmacies a pharmacist is hired at. `hourlyMinimum` is the gross
 * hourly minimum where the product relies on it (the fair-pay figure of decision 071, the first level's monthly minimum
 * over 173 hours); null where the owner's labour consultant reads it from the contract's tables.
 */
export const CCNL = {
  name: 'CCNL per i dipendenti da farmacia privata',
  since: '2021-09-07',
  source:
    'CCNL dipendenti da farmacia privata del 7 settembre 2021 (Federfarma – Filcams CGIL, Fisascat CISL, Uiltucs UIL), come modificato dagli accordi del 20 luglio 2023 e del 3 aprile 2024; classificazione del personale, area quadri e primo livello',
  /** Ordinary weekly hours (40) and the monthly divisor that turns a monthly pay into an hourly one. */
  weeklyHours: 40,
  monthlyDivisor: 173,
  levels: [
    { code: 'Q1', label: 'Quadro Q1 – Direttore di farmacia', hourlyMinimum: null },
    { code: 'Q2', label: 'Quadro Q2 – Farmacista collaboratore con competenze specialistiche', hourlyMinimum: null },
    { code: 'Q3', label: 'Quadro Q3 – Farmacista collaboratore dopo 24 mesi nella qualifica', hourlyMinimum: null },
    { code: '1', label: 'Primo livello – Farmacista collaboratore', hourlyMinimum: FAIR_PAY.hourly },
  ],
} as const;

export type TCcnlLevel = (typeof CCNL.levels)[number]['code'];
export const CCNL_LEVEL_CODES = CCNL.levels.map((level) => level.code) as unknown as readonly [TCcnlLevel, ...TCcnlLevel[]];

export function ccnlLevelLabel(code: string | null | undefined): string {
  return CCNL.levels.find((level) => level.code === code)?.label ?? '';
}

/** The tax regimes of a freelance pharmacist. */
export const TAX_REGIMES = ['forfettario', 'ordinario'] as const;
export type TTaxRegime = (typeof TAX_REGIMES)[number];
export const TAX_REGIME_LABELS: Record<TTaxRegime, string> = {
  forfettario: 'Regime forfettario (L. 190/2014)',
  ordinario: 'Regime ordinario',
};

/** The professional liability insurance every practising professional must hold, and when its expiry is reminded. */
export const INSURANCE = {
  since: '2017-04-01',
  source:
    'Obbligo di assicurazione per la responsabilità civile professionale: art. 3, comma 5, lett. e) d.l. 138/2011 (conv. l. 148/2011), art. 5 d.P.R. 137/2012 e, per gli esercenti le professioni sanitarie, art. 10 l. 24/2017 (legge Gelli-Bianco)',
  reminderDays: 30,
} as const;

/** ECM: the credits a health professional earns in each three-year period. */
export const ECM = {
  since: '2017-02-02',
  source: 'Accordo Stato-Regioni del 2 febbraio 2017 sulla formazione continua (ECM): 150 crediti per triennio',
  creditsPerPeriod: 150,
  /** Periods run 2020–2022, 2023–2025, 2026–2028… */
  firstPeriodStart: 2020,
} as const;

/** The three-year ECM period a day falls in, by its first year. */
export function ecmPeriodStartOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return year - ((((year - ECM.firstPeriodStart) % 3) + 3) % 3);
}

export const ecmPeriodLabel = (start: number) => `${start}–${start + 2}`;

/** The contratto d'opera's fixed terms: the template's version and what it says of cancellation and retention. */
export const CONTRACT_TEMPLATE = {
  version: 'contratto-opera-2026-11',
  since: '2026-11-28',
  source:
    "Contratto d'opera, artt. 2222–2228 c.c.; recesso del committente, art. 2227 c.c.; esclusione dall'etero-organizzazione delle professioni ordinistiche, art. 2, comma 2, lett. b) d.lgs. 81/2015; trattamento dei dati, artt. 6 e 29 Reg. UE 2016/679 e art. 2-quaterdecies d.lgs. 196/2003",
  /** Hours before the shift within which a cancellation by the pharmacy owes part of the fee. */
  cancellationNoticeHours: 48,
  /** The share of the cancelled shifts' fee owed when the pharmacy cancels late (art. 2227 c.c., mancato guadagno). */
  lateCancellationShare: 0.5,
  /** Years a contract is kept after its last day: the ordinary prescription (art. 2946 c.c.) and art. 2220 c.c. */
  retentionYears: 10,
  retentionSource: 'Conservazione per dieci anni: artt. 2220 e 2946 c.c.',
} as const;

/**
 * The employer's notice of a hiring (comunicazione obbligatoria, modello UNILAV): sent by the employer or its labour
 * consultant by the day before the employment starts. Farmaponte sends nothing; the hiring summary says so.
 */
export const EMPLOYMENT_NOTICE = {
  since: '2007-01-01',
  citation: 'art. 9-bis d.l. 510/1996',
  source:
    "Comunicazione obbligatoria di instaurazione del rapporto di lavoro entro il giorno precedente: art. 9-bis, comma 2, d.l. 1 ottobre 1996 n. 510 (conv. l. 608/1996), come sostituito dall'art. 1, comma 1180, l. 296/2006; modello UNILAV, d.m. 30 ottobre 2007 (invio telematico dal 1° marzo 2008)",
  /** Days before the first day of work by which it is due. */
  daysBefore: 1,
} as const;

/**
 * The warning before a freelance relationship looks like employment: per organisation and pharmacist, over the last
 * 12 months. Each indicator warns at or over its threshold; the warning never blocks an acceptance.
 */
export const RECLASSIFICATION = {
  since: '2026-11-28',
  windowMonths: 12,
  source:
    "Subordinazione: art. 2094 c.c. e gli indici della giurisprudenza della Corte di cassazione (continuità, orario fisso, inserimento nell'organizzazione del committente); dipendenza economica: l'indice dell'80% dei compensi dal medesimo committente dell'abrogato art. 69-bis d.lgs. 276/2003 (l. 92/2012), ancora usato come criterio di prudenza; lavoro a tempo pieno: 40 ore settimanali, 173 mensili, del CCNL farmacie private",
  thresholds: {
    /** Freelance shifts (days) for the organisation. */
    shifts: 96,
    /** Weeks with a shift on the same weekday (the most of any weekday). */
    sameWeekdayWeeks: 8,
    /** Hours in the busiest calendar month. */
    hoursPerMonth: 120,
    /** The organisation's share of her platform engagements, and the fewest engagements it is read on. */
    share: 0.8,
    shareMinimumEngagements: 5,
  },
} as const;

export type TReclassificationIndicator = keyof Omit<typeof RECLASSIFICATION.thresholds, 'shareMinimumEngagements'>;

/** The rule of a list in force on a day: the entry with the latest `since` not after it. */
export function inForce<T extends { since: string }>(entries: readonly T[], day: string): T | undefined {
  let found: T | undefined;
  for (const entry of entries) if (entry.since <= day && (!found || entry.since > found.since)) found = entry;
  return found;
}

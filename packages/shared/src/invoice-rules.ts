/**
 * The rules of invoicing as data (docs/decisions/095-from-hours-to-invoice.md): how a freelance pharmacist's invoice is
 * taxed under each regime, the stamp duty, the withholding, ENPAF, the payment term, the numbering series and the
 * FatturaPA format. Each rule names its source and the day it is in force from; a change of law is a new entry with a
 * later `since`, never an edit of an old one, and an invoice is always computed under the rules of its issue day
 * (`inForce` in engagement.ts).
 */

/** The VAT rate of a professional service to a business under the ordinary regime, a percentage. */
export const VAT_RATES = [
  {
    since: '2013-10-01',
    rate: 22,
    source:
      "Art. 16, primo comma, d.P.R. 26 ottobre 1972 n. 633 (aliquota ordinaria), portata al 22% dall'art. 40, comma 1-ter, d.l. 6 luglio 2011 n. 98 come modificato dall'art. 11, comma 1, lett. a), d.l. 28 giugno 2013 n. 76. Le prestazioni del farmacista alla farmacia non sono prestazioni sanitarie alla persona (art. 10, n. 18, d.P.R. 633/1972) e sono imponibili",
  },
] as const;

/**
 * The withholding (ritenuta d'acconto) a business client makes on a professional's fee under the ordinary regime: a
 * share of the fee (and of the expenses billed with it, which are part of the fee) the client pays to the State.
 * `type` and `causale` are the FatturaPA codes (RT01: natural persons; A: self-employment in a profession).
 */
export const WITHHOLDING_RULES = [
  {
    since: '1974-01-01',
    rate: 20,
    type: 'RT01',
    causale: 'A',
    source:
      "Art. 25, primo comma, d.P.R. 29 settembre 1973 n. 600: i sostituti d'imposta (la farmacia, impresa) operano una ritenuta del 20% sui compensi per prestazioni di lavoro autonomo; le spese rimborsate al professionista fanno parte del compenso (art. 54 TUIR, d.P.R. 917/1986). Codici: specifiche tecniche FatturaPA, TipoRitenuta RT01, CausalePagamento A",
  },
] as const;

/**
 * The flat-rate regime (regime forfettario): no VAT is charged (nature N2.2, "non soggette – altri casi"), no withholding
 * is made, and the invoice says why in the words below.
 */
export const FORFETTARIO_RULES = [
  {
    since: '2021-01-01',
    nature: 'N2.2',
    regimeCode: 'RF19',
    vatWording:
      "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, della Legge n. 190/2014 (regime forfettario): operazione senza applicazione dell'IVA",
    withholdingWording: "Compenso non soggetto a ritenuta d'acconto ai sensi dell'art. 1, comma 67, della Legge n. 190/2014",
    source:
      "Art. 1, commi 54–89, l. 23 dicembre 2014 n. 190 (comma 58: nessuna rivalsa dell'IVA; comma 67: nessuna ritenuta, con la dichiarazione in fattura); natura N2.2 dalle specifiche tecniche FatturaPA 1.6.1 in vigore dal 1° gennaio 2021; obbligo della fattura elettronica per tutti i forfettari dal 1° gennaio 2024, art. 18, comma 3, d.l. 30 aprile 2022 n. 36",
  },
] as const;

/** The ordinary regime's FatturaPA code. */
export const ORDINARIO_REGIME_CODE = 'RF01';

/**
 * The stamp duty (imposta di bollo) on an invoice whose amounts without VAT exceed the threshold: paid virtually by the
 * issuer on electronic invoices and, as is customary, charged on to the client as its own line, outside the scope of
 * VAT as a sum the issuer pays in the client's name (`nature`).
 */
export const STAMP_DUTY_RULES = [
  {
    since: '2013-01-01',
    amount: 2,
    /** Euros: the duty is due when the amounts without VAT are strictly more than this. */
    threshold: 77.47,
    nature: 'N1',
    lineDescription: 'Rimborso imposta di bollo',
    wording: 'Imposta di bollo assolta in modo virtuale ai sensi del D.M. 17 giugno 2014',
    source:
      'Art. 13, comma 1, Tariffa allegato A, d.P.R. 26 ottobre 1972 n. 642 (2 € per fatture e note non soggette a IVA di importo superiore a 77,47 €, art. 6 della Tabella allegato B e nota 2); pagamento in modo virtuale per le fatture elettroniche, art. 6 D.M. 17 giugno 2014; addebito al cliente escluso dalla base IVA, art. 15, primo comma, n. 3, d.P.R. 633/1972 (natura N1)',
  },
] as const;

/**
 * ENPAF (the pharmacists' pension and assistance fund): its contribution is a fixed yearly sum each member pays
 * directly, whatever her income and whoever her clients; no percentage is added to an invoice and no rivalsa is charged
 * to the client, so an invoice carries no DatiCassaPrevidenziale.
 */
export const ENPAF_RULES = [
  {
    since: '1946-09-13',
    rivalsaPercent: 0,
    source:
      "D.lgs.C.P.S. 13 settembre 1946 n. 233, art. 21 (istituzione dell'ENPAF) e Regolamento di previdenza e assistenza dell'ENPAF: iscrizione d'ufficio di ogni iscritto all'albo dei farmacisti e contributo previdenziale annuo in misura fissa (con le riduzioni del regolamento), senza contributo integrativo né rivalsa in fattura",
  },
] as const;

/** The days a client has to pay when the contract says nothing else. */
export const PAYMENT_TERMS = [
  {
    since: '2002-08-08',
    days: 30,
    source:
      'Art. 4, comma 2, lett. a), d.lgs. 9 ottobre 2002 n. 231 (ritardi di pagamento nelle transazioni commerciali): senza un termine nel contratto, gli interessi moratori decorrono dopo 30 giorni dal ricevimento della fattura',
  },
] as const;

/**
 * The numbering: a series of the platform's own per pharmacist and year (a sezionale, so her invoices elsewhere keep
 * their own numbers), shown as `<n>/<suffix>`, without gaps, restarting at 1 each year; a credit note takes the next
 * number of the same series.
 */
export const NUMBERING_RULES = [
  {
    since: '2013-01-01',
    suffix: 'FP',
    source:
      'Art. 21, secondo comma, lett. b), d.P.R. 633/1972 come modificato dalla l. 24 dicembre 2012 n. 228: numero progressivo che identifichi la fattura in modo univoco, anche per serie distinte (risoluzione Agenzia delle Entrate n. 1/E del 10 gennaio 2013); nota di variazione, art. 26 d.P.R. 633/1972',
  },
] as const;

/** How long an invoice and its XML are kept: ten years from the issue. */
export const INVOICE_RETENTION = [
  {
    since: '1942-04-21',
    years: 10,
    source:
      'Art. 2220 c.c. (scritture e fatture conservate per dieci anni) e art. 39, comma 3, d.P.R. 633/1972; conservazione delle fatture elettroniche, art. 3 D.M. 17 giugno 2014',
  },
] as const;

/**
 * The format the platform writes: FatturaPA 1.2.2 to a private business (FPR12), its file name for the SdI, and the
 * codes of a credit note and of a bank transfer. The SdI is never reached by the platform: the pharmacist sends the
 * file through her own channel.
 */
export const FATTURAPA_FORMAT = [
  {
    since: '2020-10-01',
    version: 'FPR12',
    schema: 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd',
    invoiceType: 'TD01',
    creditNoteType: 'TD04',
    paymentConditions: 'TP02',
    paymentMethod: 'MP05',
    /** The recipient code when the client gave neither a SDI code nor a PEC: the file waits in its reserved area. */
    noRecipientCode: '0000000',
    source:
      "Provvedimento del Direttore dell'Agenzia delle Entrate del 30 aprile 2018 n. 89757 e successive modifiche; specifiche tecniche FatturaPA versione 1.2.2 (schema v1.2.2); nome del file: codice paese, identificativo fiscale del trasmittente e progressivo univoco di 5 caratteri alfanumerici (IT01234567890_00001.xml)",
  },
] as const;

/**
 * The platform's own rules on hours and expenses (not law): worked hours neither confirmed nor disputed by the
 * pharmacy within `autoConfirmDays` after the pharmacist's correction window are confirmed; expenses with a receipt are
 * claimed within the window, each up to the cap, and confirmed the same way.
 */
export const HOURS_CLOSING = {
  autoConfirmDays: 3,
  expenseMaxAmount: 150,
  expensesPerEngagement: 20,
  receiptMaxBytes: 5 * 1024 * 1024,
  receiptTypes: ['application/pdf', 'image/jpeg', 'image/png'],
} as const;

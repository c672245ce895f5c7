/**
 * The rules of pay as data (docs/decisions/094-pay-as-agreed.md): the CCNL Farmacie private pay table, its night,
 * Sunday and holiday supplements, the holidays themselves (national and the patron saint of some comuni), and how a
 * trip is estimated. Each rule names its source and the day it is in force from; a renewal of the contract is a new
 * entry with a later `since`, never an edit of the old one, and a shift is always paid under the rule of its day
 * (`inForce` in engagement.ts).
 */

/** One level's monthly pay in the table: minimum, contingenza, EDR and the quadri's indennità speciale, in euros. */
type TPayTableLevel = { minimo: number; contingenza: number; edr: number; indennitaQuadri: number };

/**
 * The CCNL's monthly pay table for urban pharmacies and rural ones without subsidy, and the divisor that turns a month
 * into an hour (40 hours a week). The quadri's figures are those after two years of service (the indennità speciale
 * rises from 100 to 130 € after twelve); the subsidised rural pharmacies' lower table is not applied, so an offer never
 * shows less than the urban minimum.
 */
export const CCNL_PAY_TABLES = [
  {
    since: '2021-11-01',
    source:
      'CCNL dipendenti da farmacia privata, accordo di rinnovo del 7 settembre 2021 (Federfarma – Filcams CGIL, Fisascat CISL, Uiltucs UIL): aumento di 80 € sul primo livello dal 1° novembre 2021; tabelle retributive per le farmacie urbane e rurali non sussidiate diffuse dalle parti il 25 novembre 2021. Quota oraria: retribuzione mensile normale diviso il divisore convenzionale 173. Il rinnovo 2024–2027 non è firmato: le tabelle restano queste',
    monthlyDivisor: 173,
    levels: {
      Q1: { minimo: 1668.97, contingenza: 536.07, edr: 10.33, indennitaQuadri: 130 },
      Q2: { minimo: 1499.19, contingenza: 530.45, edr: 10.33, indennitaQuadri: 100 },
      Q3: { minimo: 1429.19, contingenza: 530.45, edr: 10.33, indennitaQuadri: 100 },
      '1': { minimo: 1429.19, contingenza: 530.45, edr: 10.33, indennitaQuadri: 0 },
    } satisfies Record<string, TPayTableLevel>,
  },
] as const;

/** The kinds of night service an offer may be: doors open to the public, or closed with the pharmacist on call inside. */
export const NIGHT_SERVICES = ['battenti_aperti', 'battenti_chiusi'] as const;
export type TNightService = (typeof NIGHT_SERVICES)[number];

export const NIGHT_SERVICE_LABELS: Record<TNightService, string> = {
  battenti_aperti: 'Notturno a battenti aperti',
  battenti_chiusi: 'Notturno a battenti chiusi (a chiamata)',
};

/**
 * The night service's supplements, a share of the hourly pay: `first` for the first `firstHours` hours of the night,
 * `after` for the hours beyond.
 */
export const NIGHT_SUPPLEMENTS = [
  {
    since: '2021-09-07',
    source:
      "CCNL dipendenti da farmacia privata, disciplina del servizio notturno (tra la chiusura serale e l'apertura mattutina): a porte o battenti aperti maggiorazione del 20% per le prime 8 ore e del 20% oltre; a battenti chiusi con obbligo di rispondere a ogni chiamata 16% per le prime 8 ore e 10% oltre",
    firstHours: 8,
    rates: {
      battenti_aperti: { first: 0.2, after: 0.2 },
      battenti_chiusi: { first: 0.16, after: 0.1 },
    } satisfies Record<TNightService, { first: number; after: number }>,
  },
] as const;

/** Work on a Sunday the pharmacy opens by the authorities' rota: a share of the hourly pay for at most `maxHours`. */
export const SUNDAY_SUPPLEMENTS = [
  {
    since: '2021-09-07',
    source:
      'CCNL dipendenti da farmacia privata, riposo settimanale: quando la farmacia resta aperta di domenica per turno, compenso del 10% di un 173° della retribuzione normale mensile per ogni ora di lavoro, entro il limite di otto, oltre al riposo compensativo',
    rate: 0.1,
    maxHours: 8,
  },
] as const;

/** Work on a holiday of the contract (national or the patron saint's day of the place of work). */
export const HOLIDAY_SUPPLEMENTS = [
  {
    since: '2021-09-07',
    source:
      'CCNL dipendenti da farmacia privata, festività: il lavoro prestato nelle festività nazionali e infrasettimanali, compresa la solennità del Patrono del luogo ove si svolge il lavoro, è maggiorato del 30%; le maggiorazioni del contratto non si cumulano tra loro (si applica la più alta)',
    rate: 0.3,
  },
] as const;

/**
 * The holidays of the contract across Italy (MM-DD), and Easter Monday. 4 October (San Francesco d'Assisi) is a
 * national holiday from 2026.
 */
export const NATIONAL_HOLIDAYS = [
  {
    since: '2000-11-20',
    source:
      'CCNL dipendenti da farmacia privata, festività; l. 260/1949, l. 54/1977, d.P.R. 792/1985 (Epifania), l. 336/2000 (2 giugno): 1° gennaio, Epifania, lunedì dopo Pasqua, 25 aprile, 1° maggio, 2 giugno, 15 agosto, 1° novembre, 8 dicembre, 25 e 26 dicembre',
    days: ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'],
    easterMonday: true,
  },
  {
    since: '2026-01-01',
    source: "l. 151/2025, Istituzione della festa nazionale di San Francesco d'Assisi (4 ottobre), in vigore dal 1° gennaio 2026",
    days: ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '10-04', '11-01', '12-08', '12-25', '12-26'],
    easterMonday: true,
  },
] as const;

/**
 * The patron saint's day of the comuni the product knows it for: the twenty regional capitals, on a fixed day each
 * year. Elsewhere the owner marks the day as a holiday on the offer (`extra_holidays`), as the contract's "solennità
 * del Patrono del luogo" still applies.
 */
export const PATRON_SAINTS = [
  {
    since: '2021-09-07',
    source:
      "Santi patroni dei capoluoghi di regione e giorno della festa patronale come da calendario di ciascun comune (ricognizione su fonti pubbliche: Il Timone, 'Un capoluogo, un patrono', 2014, e i calendari comunali); la festa del Patrono è festività del CCNL dipendenti da farmacia privata",
    /** By the comune's ISTAT code: its name, province, saint and day (MM-DD). */
    comuni: [
      { istat: '007003', comune: 'Aosta', sigla: 'AO', saint: 'San Grato', day: '09-07' },
      { istat: '001272', comune: 'Torino', sigla: 'TO', saint: 'San Giovanni Battista', day: '06-24' },
      { istat: '010025', comune: 'Genova', sigla: 'GE', saint: 'San Giovanni Battista', day: '06-24' },
      { istat: '015146', comune: 'Milano', sigla: 'MI', saint: "Sant'Ambrogio", day: '12-07' },
      { istat: '022205', comune: 'Trento', sigla: 'TN', saint: 'San Vigilio', day: '06-26' },
      { istat: '027042', comune: 'Venezia', sigla: 'VE', saint: 'San Marco', day: '04-25' },
      { istat: '032006', comune: 'Trieste', sigla: 'TS', saint: 'San Giusto', day: '11-03' },
      { istat: '037006', comune: 'Bologna', sigla: 'BO', saint: 'San Petronio', day: '10-04' },
      { istat: '048017', comune: 'Firenze', sigla: 'FI', saint: 'San Giovanni Battista', day: '06-24' },
      { istat: '054039', comune: 'Perugia', sigla: 'PG', saint: 'San Costanzo', day: '01-29' },
      { istat: '042002', comune: 'Ancona', sigla: 'AN', saint: 'San Ciriaco', day: '05-04' },
      { istat: '058091', comune: 'Roma', sigla: 'RM', saint: 'Santi Pietro e Paolo', day: '06-29' },
      { istat: '066049', comune: "L'Aquila", sigla: 'AQ', saint: 'San Massimo', day: '06-10' },
      { istat: '070006', comune: 'Campobasso', sigla: 'CB', saint: 'San Giorgio', day: '04-23' },
      { istat: '063049', comune: 'Napoli', sigla: 'NA', saint: 'San Gennaro', day: '09-19' },
      { istat: '072006', comune: 'Bari', sigla: 'BA', saint: 'San Nicola', day: '12-06' },
      { istat: '076063', comune: 'Potenza', sigla: 'PZ', saint: 'San Gerardo', day: '05-30' },
      { istat: '079023', comune: 'Catanzaro', sigla: 'CZ', saint: 'San Vitaliano', day: '07-16' },
      { istat: '082053', comune: 'Palermo', sigla: 'PA', saint: 'Santa Rosalia', day: '07-15' },
      { istat: '092009', comune: 'Cagliari', sigla: 'CA', saint: 'San Saturnino', day: '10-30' },
    ],
  },
] as const;

/**
 * How a trip is estimated from two comuni's centres: the great-circle distance times a detour factor for roads, there
 * and back. Always shown as "circa".
 */
export const TRAVEL_ESTIMATE = {
  since: '2026-11-29',
  source:
    "Stima di Farmaponte: distanza in linea d'aria tra i centri dei comuni (coordinate ISTAT del file dei comuni) per un fattore di percorso stradale di 1,3, andata e ritorno; un valore d'uso comune nella letteratura sui fattori di tortuosità stradale (circa 1,2–1,4)",
  roadFactor: 1.3,
  roundTrip: 2,
} as const;

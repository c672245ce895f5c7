/**
 * The Italian of the group report and its monthly statement (decision 091): the checks of their queries and what the
 * CSV and the PDF say. Apart from MESSAGES, so the first screen's script does not carry them.
 */
import { ITALIAN_MONTHS } from './dates';
import { LIMITS } from './limits';

export const GROUP_REPORT_MESSAGES = {
  date: 'Indica una data valida nel formato AAAA-MM-GG, tra il 2000 e il 2100.',
  rangeIncomplete: 'Indica sia la data di inizio sia quella di fine del periodo.',
  rangeReversed: 'La data di fine non può precedere quella di inizio.',
  rangeTooLong: `Il periodo può durare al massimo ${LIMITS.groupReportMaxDays} giorni.`,
  month: 'Indica un mese valido nel formato AAAA-MM, tra il 2000 e il 2100.',
  format: 'Scegli il formato: csv o pdf.',
  pharmacy: 'Indica la farmacia con il suo numero.',
} as const;

/** What the monthly statement says, in the CSV and in the PDF: Italian, for a person, an accountant or Excel. */
export const GROUP_STATEMENT_TEXT = {
  csvHeader: [
    'Data',
    'Farmacia',
    'Comune',
    'Farmacista',
    'Offerta',
    'Inizio',
    'Fine',
    'Ore',
    'Paga oraria (€)',
    'Importo (€)',
    'Ore corrette',
    'Risposta del titolare',
  ],
  csvPharmacyTotal: 'Totale farmacia',
  csvGroupTotal: 'Totale gruppo',
  /** 'giugno 2030'. */
  monthLabel: (year: number, month: number) => `${ITALIAN_MONTHS[month - 1] ?? month} ${year}`,
  title: (organisation: string, month: string) => `Estratto mensile — ${organisation} — ${month}`,
  scopeGroup: (pharmacies: number) =>
    pharmacies === 1 ? 'Farmacie: la sola farmacia che puoi vedere' : `Farmacie: tutte le ${pharmacies} che puoi vedere`,
  scopePharmacy: (name: string) => `Farmacia: ${name}`,
  columns: ['Data', 'Farmacista', 'Offerta', 'Orario', 'Ore', '€/ora', 'Importo (€)'],
  noHours: 'orario da indicare',
  pharmacyHeading: (name: string, comune: string) => (comune ? `${name} – ${comune}` : name),
  continued: (heading: string) => `${heading} (continua)`,
  shiftsCount: (days: number) => (days === 1 ? '1 turno' : `${days} turni`),
  pharmacyTotal: (days: string, hours: string, amount: string) => `Totale della farmacia: ${days}, ${hours} ore, ${amount} €`,
  groupTotal: (days: string, hours: string, amount: string) => `Totale del gruppo: ${days}, ${hours} ore, ${amount} €`,
  empty: 'Nessun turno lavorato in questo mese.',
  correctedMark: "* Orario corretto dal farmacista rispetto a quello dell'offerta.",
  note: 'Gli importi sono lordi, calcolati dalle ore e dalla paga oraria concordate sulla piattaforma Farmaponte: non sono una fattura né un documento fiscale.',
  madeOn: (day: string) => `Documento generato il ${day} da Farmaponte.`,
  page: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
  /** The file's name: 'farmaponte-estratto-gruppo-2030-06.csv', 'farmaponte-estratto-farmacia-citta-alta-2030-06.pdf'. */
  fileName: (subject: string, period: string, format: 'csv' | 'pdf') => `farmaponte-estratto-${subject}-${period}.${format}`,
  groupSubject: 'gruppo',
} as const;

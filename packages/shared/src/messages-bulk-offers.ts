/**
 * The answers of many shifts at once (decision 090): the days, the CSV's rows, the quotas, the series. Apart from
 * MESSAGES, so only the page that publishes many shifts carries them.
 */
import { formatCount } from './italian-figures';
import { LIMITS } from './limits';

const figure = formatCount;
const shifts = (n: number) => (n === 1 ? '1 turno' : `${figure(n)} turni`);

export const BULK_MESSAGES = {
  // The days
  daysRequired: 'Scegli almeno un giorno.',
  daysOrRule: 'Indica i giorni (dates) oppure la regola settimanale (every), non entrambi.',
  tooManyDays: (asked: number) =>
    `Puoi pubblicare al massimo ${figure(LIMITS.bulkOfferDaysMax)} turni alla volta: ne hai chiesti ${figure(asked)}.`,
  notADate: (value: string) => `«${value}» non è una data: scrivila come AAAA-MM-GG.`,
  dayInPast: (day: string) => `Il giorno ${day} è già passato.`,
  dayRepeated: (day: string) => `Il giorno ${day} è ripetuto.`,
  weekdaysRequired: 'Scegli almeno un giorno della settimana.',
  weekdayInvalid: 'I giorni della settimana vanno da 0 (domenica) a 6 (sabato).',
  fromInPast: (day: string) => `La data di inizio ${day} è già passata: parti da oggi o da un giorno futuro.`,
  ruleOrder: 'La data di fine deve venire dopo quella di inizio.',
  ruleTooLong: `Il periodo può durare al massimo ${figure(LIMITS.bulkOfferDaysMax)} giorni.`,
  ruleHasNoDay: (from: string, to: string) => `Tra il ${from} e il ${to} non c'è nessuno dei giorni della settimana scelti.`,
  daysInvalid: (count: number) =>
    count === 1 ? 'Un giorno non va bene: correggilo e riprova.' : `${count} giorni non vanno bene: correggili e riprova.`,
  // The template, after the pharmacy's settings
  hourlyPayRequired: 'Indica la paga oraria, o impostala nelle impostazioni della farmacia.',

  // Answers
  checked: (count: number) => `Pubblicherai ${shifts(count)}.`,
  published: (count: number) => (count === 1 ? 'Pubblicato 1 turno.' : `Pubblicati ${figure(count)} turni.`),
  publishedPending: (count: number) =>
    `${count === 1 ? 'Salvato 1 turno' : `Salvati ${figure(count)} turni`}: ${count === 1 ? 'sarà pubblicato' : 'saranno pubblicati'} quando lo staff di Farmaponte avrà verificato la farmacia.`,

  // The CSV
  csvNotUtf8: 'Il file non è in UTF-8: salvalo come «CSV UTF-8» e caricalo di nuovo.',
  csvEmpty: 'Il file è vuoto: la prima riga deve avere i nomi delle colonne, poi un turno per riga.',
  csvNoRows: 'Il file ha solo la riga dei nomi delle colonne: aggiungi un turno per riga.',
  csvTooManyRows: (rows: number) =>
    `Il file può avere al massimo ${figure(LIMITS.bulkCsvRowsMax)} turni: ne ha ${figure(rows)}. Dividilo in più file.`,
  csvUnknownColumn: (name: string) => `La colonna «${name}» non esiste: le colonne sono ${CSV_COLUMN_LIST}.`,
  csvMissingColumn: (name: string) => `Manca la colonna «${name}».`,
  csvRepeatedColumn: (name: string) => `La colonna «${name}» è ripetuta.`,
  csvUnclosedQuote: 'Una virgoletta aperta non è mai chiusa: controlla le virgolette del file.',
  csvHasErrors: (count: number) =>
    count === 1
      ? 'Il file ha un errore: correggilo e caricalo di nuovo. Nessun turno è stato pubblicato.'
      : `Il file ha ${figure(count)} errori: correggili e caricalo di nuovo. Nessun turno è stato pubblicato.`,
  csvRowError: (row: number, column: string, problem: string) => `Riga ${row}, colonna ${column}: ${problem}`,
  csvFileError: (problem: string) => `Intestazione: ${problem}`,
  csvColumns: (count: number) => (count === 1 ? 'La riga ha una colonna in più.' : `La riga ha ${count} colonne in più.`),
  csvDate: (value: string) => `«${value}» non è una data: scrivila come GG/MM/AAAA o AAAA-MM-GG.`,
  csvPharmacyUnknown: (value: string) => `«${value}» non è una farmacia per cui puoi pubblicare turni.`,

  // Quotas
  pharmacyOpenLimit: (pharmacy: string, open: number, asked: number) => {
    const left = Math.max(0, LIMITS.openOffersPerOwner - open);
    return left === 0
      ? `${pharmacy} ha già ${figure(open)} offerte aperte, il massimo per una farmacia: chiudine qualcuna prima di pubblicarne altre.`
      : `${pharmacy} può avere al massimo ${figure(LIMITS.openOffersPerOwner)} offerte aperte: ne ha ${figure(open)}, quindi puoi pubblicare ancora ${shifts(left)} (ne hai chiesti ${figure(asked)}). Nessun turno è stato pubblicato.`;
  },
  organisationOpenLimit: (open: number, asked: number) => {
    const left = Math.max(0, LIMITS.openOffersPerOrganisation - open);
    return left === 0
      ? `La tua organizzazione ha già ${figure(open)} offerte aperte, il massimo: chiudine qualcuna prima di pubblicarne altre.`
      : `La tua organizzazione può avere al massimo ${figure(LIMITS.openOffersPerOrganisation)} offerte aperte: ne ha ${figure(open)}, quindi puoi pubblicare ancora ${shifts(left)} (ne hai chiesti ${figure(asked)}). Nessun turno è stato pubblicato.`;
  },
  bulkPerHourLimit: `Hai fatto troppe pubblicazioni di più turni in un'ora (massimo ${LIMITS.bulkRequestsPerPharmacyPerHour}): riprova più tardi.`,

  // Series
  seriesNotFound: 'Serie di turni non trovata tra quelli della farmacia.',
  seriesNothingOpen: 'Questa serie non ha più turni aperti da oggi in poi: modifica o chiudi i turni uno alla volta.',
  seriesUpdated: (count: number) =>
    count === 1 ? 'Modificato 1 turno della serie.' : `Modificati ${figure(count)} turni della serie.`,
  seriesClosed: (count: number) => (count === 1 ? 'Chiuso 1 turno della serie.' : `Chiusi ${figure(count)} turni della serie.`),
} as const;

/** The CSV's columns (decision 090), as its header names them. */
export const CSV_COLUMNS = [
  'farmacia',
  'data',
  'inizio',
  'fine',
  'paga_oraria',
  'posti',
  'titolo',
  'descrizione',
  'forma',
  // Pay as agreed (decision 094), all optional: night service, a freelancer's fees, travel, lodging, the negotiation's bound.
  'notte',
  'notte_dalle',
  'compenso_lp',
  'compenso_notte',
  'compenso_festivo',
  'viaggio',
  'viaggio_euro',
  'viaggio_km',
  'viaggio_tetto',
  'alloggio_notti',
  'alloggio_note',
  'tratta_fino_a',
] as const;
export type TCsvColumn = (typeof CSV_COLUMNS)[number];
/**
 * What the `forma` column may say (decision 093), as the offer's legal forms; an empty cell is dipendente. Anything
 * else is refused by the offer's own rules (prestazione occasionale with its own message).
 */
export const CSV_LEGAL_FORMS: Record<string, readonly ('dipendente' | 'libera_professione')[]> = {
  dipendente: ['dipendente'],
  libera_professione: ['libera_professione'],
  entrambe: ['dipendente', 'libera_professione'],
};

/** What the `notte` column may say: the doors open or closed (on call); an empty cell is no night service. */
export const CSV_NIGHT_SERVICES: Record<string, 'battenti_aperti' | 'battenti_chiusi'> = {
  aperti: 'battenti_aperti',
  chiusi: 'battenti_chiusi',
};

/** The columns a file must have; the others may be left out (the pharmacy's settings fill them). */
export const CSV_REQUIRED_COLUMNS: readonly TCsvColumn[] = ['data', 'titolo'];
const CSV_COLUMN_LIST = CSV_COLUMNS.join(', ');

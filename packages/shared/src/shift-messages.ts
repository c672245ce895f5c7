/**
 * The Italian of worked shifts and the calendar feed (decision 075): the answers of /api/shifts/ and /api/calendar/,
 * the checks of their schemas, and what the CSV, the PDF statement and the feed say. A module of its own, not in
 * messages.ts: the app's entry holds messages.ts (for MESSAGES), and a module goes whole into one chunk, so a text kept
 * there for a lazy page would be downloaded by every page.
 */

import { ITALIAN_MONTHS } from './dates';
import { LIMITS } from './limits';

export const SHIFT_MESSAGES = {
  year: 'Indica un anno valido.',
  month: 'Indica un mese valido, da 1 a 12.',
  date: 'Inserisci una data valida nel formato AAAA-MM-GG.',
  time: 'Inserisci un orario valido nel formato HH:MM.',
  sameTimes: "L'ora di fine deve essere diversa da quella di inizio.",
  noDays: 'Indica almeno un giorno.',
  tooManyDays: `Puoi indicare al massimo ${LIMITS.workedHoursDaysPerCorrection} giorni alla volta.`,
  duplicateDay: 'Questo giorno è indicato due volte.',
  dayOutsideShift: "Il giorno non fa parte del periodo dell'offerta.",
  dayInFuture: 'Non puoi indicare le ore di un giorno che deve ancora arrivare.',
  notAccepted: 'Questo turno non risulta accettato: non ci sono ore da indicare.',
  withoutDates: "L'offerta non ha date: non ci sono giorni di turno.",
  windowClosed: `Le ore si possono correggere entro ${LIMITS.workedHoursCorrectionDays} giorni dall'ultimo giorno del turno: il termine è scaduto.`,
  hoursSaved: 'Ore salvate: il titolare può confermarle.',
  hoursSavedAsOffered: "Ore salvate: sono quelle dell'offerta.",
  reviewStatus: 'Scegli se confermare o contestare le ore.',
  disputeNeedsNote: 'Scrivi una nota per spiegare che cosa non torna.',
  noteTooLong: `La nota non può superare i ${LIMITS.workedHoursNoteMaxLength} caratteri.`,
  nothingToReview: 'Il farmacista non ha indicato ore da confermare per questo turno.',
  alreadyAnswered: 'Hai già risposto a queste ore: se il farmacista le corregge di nuovo potrai rispondere ancora.',
  hoursChanged: 'Il farmacista ha appena modificato le ore: controllale di nuovo prima di rispondere.',
  hoursConfirmed: 'Ore confermate.',
  hoursDisputed: 'Ore contestate: il farmacista riceve la tua nota.',
  feedCreated: 'Link del calendario creato: copialo adesso, per sicurezza non lo mostreremo più.',
  feedRevoked: 'Link del calendario disattivato: i calendari che lo usavano non si aggiornano più.',
  feedTooMany: 'Troppe richieste del calendario da questo indirizzo: riprova più tardi.',
} as const;

/** What the CSV, the monthly statement and the calendar feed say (decision 075): Italian, for a person or Excel. */
export const SHIFT_DOCUMENT_TEXT = {
  csvHeader: [
    'Data',
    'Farmacia',
    'Comune',
    'Offerta',
    'Inizio',
    'Fine',
    'Ore',
    'Paga oraria (€)',
    'Lordo (€)',
    'Ore corrette',
    'Risposta del titolare',
    'Importo come concordato (€)',
    'Viaggio (€)',
    'Totale (€)',
  ],
  csvFileName: (period: string) => `farmaponte-turni-${period}.csv`,
  yes: 'sì',
  no: 'no',
  reviewStatus: { pending: 'da confermare', confirmed: 'confermate', disputed: 'contestate' },
  months: ITALIAN_MONTHS,
  /** 'giugno 2030'. */
  monthLabel: (year: number, month: number) => `${SHIFT_DOCUMENT_TEXT.months[month - 1] ?? month} ${year}`,
  statementTitle: 'Riepilogo dei turni lavorati',
  statementFileName: (period: string) => `farmaponte-riepilogo-${period}.pdf`,
  statementMonth: (month: string) => `Mese: ${month}`,
  statementPharmacist: (name: string) => `Farmacista: ${name}`,
  statementAlbo: (ordine: string, number: string) => `Iscrizione all'albo: Ordine di ${ordine}, n. ${number}`,
  statementNoAlbo: "Iscrizione all'albo: N/D",
  statementShift: (pharmacy: string, title: string) => `${pharmacy} – ${title}`,
  statementDayColumns: ['Giorno', 'Orario', 'Ore', 'Lordo (€)'],
  statementPay: (pay: string) => `Paga oraria: ${pay} €`,
  statementNoPay: 'Paga oraria: N/D (nessun importo calcolato)',
  /** An employee's offer without an hourly pay: the CCNL's minimum for her level (decision 094). */
  statementCcnlPay: 'Paga oraria: minimo del CCNL per il livello',
  statementNoHours: 'orario da indicare',
  statementShiftTotal: (hours: string, gross: string) => `Totale del turno: ${hours} ore, ${gross} € lordi`,
  statementShiftTotalNoPay: (hours: string) => `Totale del turno: ${hours} ore`,
  statementReview: (state: string, note: string | null) =>
    `Ore corrette dal farmacista, risposta del titolare: ${state}${note ? ` («${note}»)` : ''}`,
  statementAsOffered: 'Ore come da offerta: nessuna conferma richiesta al titolare.',
  statementMonthTotal: (shifts: number, hours: string, gross: string) =>
    `Totale del mese: ${shifts} ${shifts === 1 ? 'turno' : 'turni'}, ${hours} ore, ${gross} € lordi`,
  statementMonthGrandTotal: (amount: string) => `Totale del mese come concordato, con maggiorazioni e viaggio: ${amount} €`,
  statementEmpty: 'Nessun turno lavorato in questo mese.',
  statementCorrectedMark: "* Orario corretto dal farmacista rispetto a quello dell'offerta.",
  statementNote:
    'Gli importi sono lordi, calcolati dalle ore e dalla paga oraria concordate sulla piattaforma Farmaponte: non sono una busta paga né un documento fiscale.',
  statementMadeOn: (day: string) => `Documento generato il ${day} da Farmaponte.`,
  statementPage: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
  feedName: 'Turni Farmaponte',
} as const;

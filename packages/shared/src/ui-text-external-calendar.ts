/**
 * The texts of a pharmacist's external calendar (decision 096): its section on /disponibilita, the busy days in her
 * calendar, and the warning before applying to an offer whose hours meet a busy time. Apart from the other texts, so
 * the offers' pages carry only the warning's few words.
 */
import { formatDate } from './dates';

export const EXTERNAL_CALENDAR_TEXT = {
  sectionTitle: 'Calendario esterno',
  sectionIntro:
    'Collega il tuo calendario (Google, Outlook, Apple o qualsiasi calendario iCal): nei giorni e negli orari in cui hai un impegno i titolari non ti trovano. Leggiamo solo gli orari degli impegni, mai i titoli.',
  urlLabel: 'Indirizzo privato del calendario (iCal)',
  urlHint:
    'Google Calendar: Impostazioni › il tuo calendario › «Indirizzo segreto in formato iCal». Outlook: Impostazioni › Calendario › Calendari condivisi › «Pubblica un calendario» (link ICS). Apple: Calendario › condividi › «Calendario pubblico». Non mostrarlo a nessuno: chi lo conosce vede i tuoi impegni.',
  urlPlaceholder: 'https://calendar.google.com/calendar/ical/…/basic.ics',
  save: 'Collega calendario',
  replace: 'Sostituisci indirizzo',
  saving: 'Lettura del calendario…',
  refresh: 'Aggiorna ora',
  refreshing: 'Aggiornamento…',
  remove: 'Rimuovi',
  removing: 'Rimozione…',
  loading: 'Caricamento del calendario esterno…',
  loadFailed: 'Non è stato possibile caricare il calendario esterno.',
  none: 'Nessun calendario collegato.',
  connectedTo: (host: string) => `Collegato a ${host}`,
  /** 'Aggiornato alle 14:05' (today), 'Aggiornato il 3 dicembre alle 14:05'. */
  refreshedAt: (time: string, date?: string) => (date ? `Aggiornato il ${date} alle ${time}` : `Aggiornato alle ${time}`),
  neverRefreshed: 'Non ancora letto.',
  busyCount: (count: number) =>
    count === 0 ? 'Nessun impegno nei prossimi 90 giorni.' : count === 1 ? '1 impegno letto.' : `${count} impegni letti.`,
  autoRefresh: 'Si aggiorna da solo ogni 4 ore.',
  lastError: 'Ultimo aggiornamento non riuscito:',
  // The month calendar.
  busyLegend: 'Occupato nel tuo calendario',
  busyDay: (from: string, to: string, allDay: boolean) =>
    allDay ? 'occupato nel tuo calendario tutto il giorno' : `occupato nel tuo calendario dalle ${from} alle ${to}`,
  busyNote:
    'I giorni segnati come occupati nel tuo calendario esterno restano tra le tue disponibilità, ma i titolari non ti vedono per le parti del giorno occupate (mattina 8–13, pomeriggio 13–20, notte 20–8, giornata intera 8–20).',
  // Before applying.
  conflictTitle: 'Impegno nel tuo calendario',
  conflictWarning: 'Hai un impegno nel tuo calendario in questo orario',
  conflictDays: (days: readonly string[]) =>
    `Hai un impegno nel tuo calendario in questo orario (${days.map((day) => formatDate(day)).join(', ')}). Puoi candidarti comunque.`,
  conflictApply: 'Candidati comunque',
  conflictCancel: 'Annulla',
} as const;

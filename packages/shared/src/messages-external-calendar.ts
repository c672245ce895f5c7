/**
 * The answers about a pharmacist's external calendar (decision 096): the address's checks, why a fetch failed (by the
 * code kept on the calendar's row), and the toasts.
 */
import { LIMITS } from './limits';

/** Why the last fetch of a calendar failed, as kept on its row. */
export const EXTERNAL_CALENDAR_ERRORS = [
  'invalid_url',
  'unreachable',
  'timeout',
  'too_large',
  'private_address',
  'bad_status',
  'not_calendar',
  'malformed',
] as const;
export type TExternalCalendarError = (typeof EXTERNAL_CALENDAR_ERRORS)[number];

export const EXTERNAL_CALENDAR_MESSAGES = {
  urlRequired: "Incolla l'indirizzo privato del tuo calendario.",
  urlInvalid:
    "L'indirizzo del calendario deve iniziare con https://, http:// o webcal:// (ad esempio https://calendar.google.com/calendar/ical/…/basic.ics).",
  urlTooLong: `L'indirizzo del calendario può avere al massimo ${LIMITS.externalCalendarUrlMaxLength} caratteri.`,
  saved: 'Calendario collegato: i giorni occupati non ti vengono proposti.',
  refreshed: 'Calendario aggiornato.',
  removed: 'Calendario scollegato: i suoi impegni non bloccano più la tua disponibilità.',
  notFound: 'Non hai collegato nessun calendario.',
  tooManyFetches: `Hai aggiornato il calendario troppe volte (al massimo ${LIMITS.externalCalendarFetchesPerHour} volte in un'ora): riprova più tardi.`,
  offerNotFound: 'Offerta non trovata.',
  errors: {
    invalid_url:
      "L'indirizzo del calendario rimanda a un indirizzo che non è http o https: controlla di aver copiato quello giusto.",
    unreachable:
      "Non riusciamo a raggiungere l'indirizzo del calendario: controlla di averlo copiato per intero e riprova più tardi.",
    timeout: `Il calendario non ha risposto entro ${LIMITS.externalCalendarTimeoutSeconds} secondi: riprova più tardi.`,
    too_large: `Il calendario è troppo grande (più di ${LIMITS.externalCalendarMaxMegabytes} MB): usa un calendario con meno eventi.`,
    private_address:
      "Questo indirizzo porta a una rete privata e non lo possiamo aprire: usa l'indirizzo iCal pubblico del tuo calendario.",
    bad_status:
      "Il server del calendario ha risposto con un errore: controlla che l'indirizzo sia ancora valido (potrebbe essere stato reimpostato).",
    not_calendar:
      "A questo indirizzo non c'è un calendario: copia l'indirizzo privato in formato iCal (di solito finisce con .ics).",
    malformed: 'Il calendario contiene errori e non si riesce a leggere: prova a esportarlo di nuovo dal tuo calendario.',
  } satisfies Record<TExternalCalendarError, string>,
} as const;

/**
 * The sentences every page's first script may show: the API client's (a server error, a network failure, a session
 * ended) and /login's form. Part of MESSAGES (which spreads them), and importable alone by the app's entry and the
 * login page, which would otherwise carry the whole catalogue in every first load (decision 103).
 */
export const FIRST_MESSAGES = {
  requiredFields: 'Tutti i campi obbligatori devono essere compilati.',
  /** Under each empty required field, while requiredFields is said once for the whole form. */
  requiredField: 'Questo campo è obbligatorio.',
  loginFailed:
    "Email o password errati, oppure l'indirizzo non è ancora confermato (apri il link della nostra email). Per favore riprova.",
  sessionExpired: 'La sessione è scaduta. Accedi di nuovo.',
  secondStepCodeRequired: 'Inserisci il codice di verifica (6 cifre) o un codice di recupero.',
  serverError: 'Si è verificato un errore imprevisto. Riprova tra poco.',
  loadFailed: 'Impossibile caricare i dati. Controlla la connessione e riprova.',
} as const;

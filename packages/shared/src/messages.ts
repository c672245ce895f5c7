/** Every sentence a user reads, in Italian. Texts quoted by the product spec are copied letter for letter. */
import { LIMITS } from './limits';
import { MAP_GRID } from './map-grid';
import { FIRST_MESSAGES } from './messages-first';

export const MESSAGES = {
  ...FIRST_MESSAGES,
  // Validation
  invalidEmail: "Inserisci un'email valida.",
  passwordTooShort: 'La password deve essere di almeno 8 caratteri.',
  passwordsDontMatchRegister: 'Le password non corrispondono. Riprova',
  passwordsDontMatch: 'Le password non corrispondono.',
  acceptTerms: "Si prega di accettare i termini e le condizioni d'uso.",
  invalidPhone: 'Inserisci un numero di telefono valido.',
  invalidDob: 'Inserisci una data di nascita valida (devi avere almeno 18 anni).',
  invalidRole: 'Seleziona un ruolo valido: farmacista o titolare.',
  fieldTooLong: 'Il testo inserito è troppo lungo.',
  invalidRegion: "Seleziona una regione dall'elenco.",
  invalidProvince: 'Seleziona una provincia della regione scelta.',
  // The albo entry a pharmacist declares (decision 050): Ordine, date and number, all three or none.
  invalidOrdine: "Seleziona dall'elenco la provincia dell'Ordine (es. MI).",
  invalidAlboDate: "Inserisci una data di iscrizione all'albo valida: non nel futuro e non prima dei tuoi 18 anni.",
  invalidAlboNumber: "Scrivi il numero di iscrizione come lo riporta l'albo: cifre, eventualmente con lettere e barre.",
  alboStatusLoadFailed: "Non è stato possibile leggere lo stato della verifica dell'iscrizione all'albo.",
  emptyDescription: 'La descrizione non può essere vuota.',
  invalidPdf: 'Verifica che il file sia un PDF valido.',
  pdfTooLarge: 'Il CV non può superare i 5 MB.',
  offerTitle: 'Il titolo è obbligatorio e deve essere almeno 3 caratteri',
  offerDescription: 'La descrizione è obbligatoria.',
  offerDateFrom: 'Formato data di inizio non valido (AAAA-MM-GG).',
  offerDateTo: 'Formato data di fine non valido (AAAA-MM-GG).',
  offerDateOrder: 'La data di fine non può precedere la data di inizio.',
  // Named after the field the owner sees: 'Data' for one day, 'Data a' for several.
  offerDayInPast: 'La data non può essere nel passato.',
  offerDateInPast: 'La data di fine («Data a») non può essere nel passato.',
  offerSalaryTooLong: 'La retribuzione non può superare i 100 caratteri.',
  invalidInput: 'I dati inviati non sono validi.',
  invalidCharacters: 'Il testo contiene caratteri non ammessi (caratteri di controllo).',

  // Auth and account
  // Two-step login (docs/decisions/063)
  secondStepRequired: 'Inserisci il codice di verifica della tua app di autenticazione.',
  secondStepCodeWrong: "Codice di verifica errato o già usato. Inserisci il codice che l'app mostra ora.",
  secondStepChallengeExpired: 'La verifica è scaduta o è già stata usata: accedi di nuovo con email e password.',
  secondStepNotSetUp: "Prima genera il codice QR con «Attiva l'accesso in due passaggi».",
  secondStepAlreadyOn: "L'accesso in due passaggi è già attivo.",
  secondStepNotOn: "L'accesso in due passaggi non è attivo.",
  secondStepEnabled: 'Accesso in due passaggi attivato. Conserva i codici di recupero: sono mostrati una volta sola.',
  secondStepDisabled: 'Accesso in due passaggi disattivato.',
  secondStepWrongPassword: 'Password errata.',
  pharmacyAlreadyClaimed:
    'Questa farmacia è già registrata su Farmaponte da un titolare verificato. Se ne sei il titolare o la gestisci tu, scrivici a info@farmaponte.it indicando il codice della farmacia: verificheremo insieme.',
  pharmacyClaimedByVerifiedOwner:
    'Questa farmacia è già di un altro titolare verificato: non si possono approvare due titolari per la stessa farmacia. Rifiuta questa richiesta o risolvi prima il doppione.',
  secondStepResetReasonRequired: "Scrivi come hai verificato l'identità della persona: resta nel registro delle attività.",
  secondStepReset:
    "Accesso in due passaggi disattivato: la persona accede con la sola password e riceve un'e-mail. Le sue sessioni sono terminate.",
  secondStepResetOwn:
    "Non puoi disattivare dall'amministrazione il tuo accesso in due passaggi: fallo dal tuo profilo, con la password e un codice.",
  secondStepSetupRequired: "Per usare le funzioni di amministrazione attiva prima l'accesso in due passaggi dal tuo profilo.",
  notAuthenticated: "Devi effettuare l'accesso per continuare.",
  forbidden: 'Non hai i permessi per questa operazione.',
  notFound: 'Risorsa non trovata.',
  emailTaken: 'Esiste già un account con questa email.',
  registered:
    "Controlla la tua email: ti abbiamo scritto all'indirizzo indicato. Apri il link del messaggio per confermarlo, poi accedi.",
  tooManyRequests: 'Troppi tentativi. Riprova tra qualche minuto.',
  bodyTooLarge: 'I dati inviati sono troppo grandi.',
  forgotSent: 'E-mail per il ripristino della password inviata. Si prega di controllare la posta in arrivo.',
  forgotFailed: 'Si è verificato un errore. Si prega di riprovare.',
  resetDone: 'La password è stata ripristinata con successo!',
  resetInvalidToken: 'Il link di ripristino non è valido o è scaduto. Richiedine uno nuovo.',
  resetFallback: 'Qualcosa è andato storto',
  profileUpdated: 'Profilo aggiornato correttamente.',
  accountDeleted: 'Profilo eliminato con successo!',
  accountDeleteFailed: "Errore durante l'eliminazione del profilo.",
  loggedOutEverywhere:
    "Sessione chiusa su tutti i dispositivi: anche gli altri browser in cui avevi effettuato l'accesso ti chiederanno di accedere di nuovo.",
  logoutEverywhereFailed: 'Non è stato possibile uscire dagli altri dispositivi. Riprova.',
  genericError: 'Si è verificato un errore.',
  descriptionUpdated: 'Descrizione aggiornata con successo!',
  descriptionUpdateFailed: "Errore durante l'aggiornamento.",
  descriptionLoadFailed: 'Errore durante il caricamento della descrizione.',
  uploadFailedPrefix: "Errore durante l'upload: ",
  cvUploaded: 'CV caricato con successo!',
  cvUploadsLimit: `Puoi caricare il CV al massimo ${LIMITS.cvUploadsPerHour} volte all'ora. Riprova più tardi.`,
  cvNotFound: "CV non trovato! Verificare che il CV sia presente nell'apposita sezione.",
  cvNeededToApply: 'Carica il tuo CV per candidarti',
  cvLinkExpired: 'Il link al CV è scaduto o non è valido.',
  contactExpired:
    'I contatti e il CV di questo candidato non sono più disponibili: la candidatura è chiusa o è trascorso il periodo di conservazione.',
  offerCreated: 'Offerta creata con successo!',
  offerUpdated: 'Offerta aggiornata con successo!',
  offerSaveFailed: "Errore durante l'invio dell'offerta.",
  offerDeleted: 'Offerta eliminata.',
  offerDeleteFailed: "Errore durante l'eliminazione dell'offerta.",
  offerClosed: 'Questa offerta non è più disponibile.',
  offerNotFound: 'Offerta non trovata.',
  offersPerHourLimit: `Puoi pubblicare al massimo ${LIMITS.offersPerOwnerPerHour} offerte all'ora. Riprova più tardi.`,
  openOffersLimit: `Hai già ${LIMITS.openOffersPerOwner} offerte aperte: eliminane una, o attendi che una si chiuda, per pubblicarne un'altra.`,
  applicationSent: 'CV inviato con successo!',
  applicationFailed: "Errore durante l'invio del CV.",
  applicationDuplicate: 'Hai già inviato la tua candidatura per questa offerta.',
  applicationsLoadFailed: 'Errore nel caricamento delle candidature',
  locationUpdated: 'Latitudine e longitudine sono state aggiornate!',
  latitudeRequired: 'La latitudine è obbligatoria.',
  longitudeRequired: 'La longitudine è obbligatoria.',
  invalidLatitude: 'La latitudine deve essere compresa tra -90 e 90.',
  invalidLongitude: 'La longitudine deve essere compresa tra -180 e 180.',
  outsideItaly: "Attenzione: le coordinate sono fuori dall'Italia.",
  networkError: 'Connessione non riuscita. Controlla la rete e riprova.',
  invalidVat: 'La partita IVA deve avere 11 cifre.',
  // The owner's pharmacy and the Ministry registry (decision 048)
  invalidVatCheckDigit: "La partita IVA non è valida: controlla di averla scritta senza errori (l'ultima cifra non torna).",
  vatRequired: 'Inserisci la partita IVA della farmacia.',
  vatNotRegistry: 'La partita IVA non corrisponde a quella della farmacia nel registro del Ministero della Salute.',
  pharmacyRequired: "Cerca la tua farmacia nell'elenco o inseriscila a mano.",
  pharmacyNotInRegistry: "Farmacia non trovata nel registro: sceglila dall'elenco o inseriscila a mano.",
  pharmacyLookupTooShort: `Scrivi almeno ${LIMITS.pharmacyLookupMinChars} caratteri per cercare la farmacia.`,
  pharmacyLookupTooMany: 'Troppe ricerche di farmacie in poco tempo: riprova tra qualche minuto.',
  pharmacyLookupFailed: 'Impossibile cercare le farmacie in questo momento. Riprova o inseriscila a mano.',
  invalidComune: "Seleziona un comune dall'elenco.",

  // The hiring loop (decision 023)
  offerPositions: 'Il numero di posti deve essere un numero intero da 1 a 20.',
  offerClosedByOwner: 'Offerta chiusa: non riceverà altre candidature.',
  offerReopened: 'Offerta riaperta: può ricevere di nuovo candidature.',
  offerAlreadyClosed: "L'offerta è già chiusa.",
  offerNotClosed: "L'offerta non è chiusa: non c'è nulla da riaprire.",
  offerCannotReopenExpired: "Le date dell'offerta sono passate: non si può riaprire. Modifica le date o crea una nuova offerta.",
  decisionInvalid: 'Scegli se accettare o rifiutare la candidatura.',
  decisionMessageTooLong: 'Il messaggio non può superare i 1000 caratteri.',
  applicationAccepted: 'Candidatura accettata.',
  applicationRejected: 'Candidatura rifiutata.',
  applicationCancelled: 'Accettazione annullata.',
  applicationAlreadyDecided: 'Hai già deciso su questa candidatura.',
  applicationAlreadyAccepted:
    "Hai già accettato questa candidatura. Per annullare l'accettazione scegli «Rifiuta» e scrivi un messaggio.",
  applicationCancelNeedsMessage: "Per annullare un'accettazione scrivi un messaggio al farmacista.",
  applicationWithdrawnCannotDecide: 'Il farmacista ha ritirato questa candidatura.',
  applicationOfferFilled: "Tutti i posti dell'offerta sono già coperti.",
  applicationOfferExpired: "Il periodo dell'offerta è terminato: non puoi più accettare candidature.",
  applicationWithdrawn: 'Candidatura ritirata.',
  applicationAlreadyWithdrawn: 'Hai già ritirato questa candidatura.',
  applicationRejectedCannotWithdraw: 'Questa candidatura è stata rifiutata: non si può ritirare.',
  /** An accepted shift whose last day has passed was worked (or not): it can no longer be withdrawn nor cancelled. */
  acceptedShiftOverCannotWithdraw: 'Il turno è già terminato: non si può più ritirare la candidatura.',
  acceptedShiftOverCannotCancel:
    "Il turno è già terminato: l'accettazione non si può più annullare. Se il farmacista non si è presentato, usa «Non si è presentato».",
  applicationReopened: 'Candidatura inviata di nuovo.',
  /** The standard answer to the applications still waiting when an offer stops taking them. */
  autoRejectFilled: "Grazie per l'interesse: tutti i posti di questa offerta sono stati coperti.",
  autoRejectClosed: "Grazie per l'interesse: il titolare ha chiuso questa offerta.",
  autoRejectDeleted: "Grazie per l'interesse: il titolare ha eliminato questa offerta.",
  notificationsRead: 'Notifiche segnate come lette.',
  preferencesSaved: 'Preferenze e-mail salvate.',
  unsubscribeInvalid: "Il link per annullare l'iscrizione non è valido.",
  unsubscribeConfirm: (label: string) => `Vuoi smettere di ricevere via e-mail le notifiche «${label}»?`,
  unsubscribeButton: 'Annulla iscrizione',
  unsubscribeDone: (label: string) =>
    `Fatto: non riceverai più via e-mail le notifiche «${label}». Puoi riattivarle dal tuo profilo.`,

  // Find the right shift (decision 026)
  offerHourlyPay: `La paga oraria deve essere un numero da ${LIMITS.hourlyPayMin} a ${LIMITS.hourlyPayMax} euro, con al massimo due decimali.`,
  offerHourlyPayRequired: 'Indica la paga oraria in euro.',
  offerTime: 'Inserisci un orario nel formato HH:MM (per esempio 08:30).',
  offerTimeOrder: "L'orario di fine deve essere successivo a quello di inizio.",
  searchRegion: "Regione sconosciuta: scegli una regione dall'elenco.",
  searchProvince: "Provincia sconosciuta: scegli una provincia dall'elenco.",
  searchNear: "Comune non trovato: scegli un comune dall'elenco.",
  searchLat: 'La latitudine deve essere un numero tra -90 e 90.',
  searchLng: 'La longitudine deve essere un numero tra -180 e 180.',
  searchPointIncomplete: 'Indica sia la latitudine sia la longitudine.',
  searchPointTwice: 'Indica un comune oppure latitudine e longitudine, non entrambi.',
  searchRadius: `Il raggio deve essere un numero di chilometri da ${LIMITS.searchRadiusMinKm} a ${LIMITS.searchRadiusMaxKm}.`,
  searchRadiusNeedsPoint: 'Per cercare entro un raggio indica un comune o una posizione.',
  searchDate: 'Inserisci una data valida nel formato AAAA-MM-GG.',
  searchDateOrder: 'La data finale deve essere uguale o successiva a quella iniziale.',
  searchMinPay: `La paga minima deve essere un numero da 0 a ${LIMITS.hourlyPayMax} euro.`,
  searchKind: 'Il tipo deve essere «single» (un giorno) o «multi» (più giorni).',
  searchSort: 'Ordina per «date», «pay» o «distance».',
  searchSortDistanceNeedsPoint: 'Per ordinare per distanza indica un comune o una posizione.',
  searchPage: 'La pagina deve essere un numero intero da 1 in su.',
  searchPageSize: `Il numero di risultati per pagina deve essere da 1 a ${LIMITS.offerSearchMaxPageSize}.`,
  searchIds: `Indica da 1 a ${LIMITS.offerSearchMaxIds} offerte con i loro numeri (interi positivi) separati da virgole.`,
  mapBbox:
    'Area della mappa non valida: indica ovest,sud,est,nord in gradi (longitudini tra -180 e 180, latitudini tra -90 e 90, ovest minore di est e sud minore di nord).',
  mapZoom: `Lo zoom della mappa deve essere un numero intero da ${MAP_GRID.minZoom} a ${MAP_GRID.maxZoom}.`,
  mapAreaTooLarge: "L'area della mappa è troppo grande per questo zoom: avvicina la mappa o riduci l'area.",
  offerNoLongerOpen: 'Questa offerta è chiusa: non accetta più candidature.',
  savedSearchName: `Dai un nome alla ricerca (al massimo ${LIMITS.savedSearchNameMaxLength} caratteri).`,
  savedSearchFrequency: 'Scegli quando ricevere gli avvisi: «immediate» (subito) o «daily» (una volta al giorno).',
  savedSearchFilters: 'I filtri della ricerca non sono validi.',
  savedSearchCreated: 'Ricerca salvata: ti avviseremo delle nuove offerte.',
  savedSearchDeleted: 'Ricerca salvata eliminata.',
  savedSearchLimit: `Puoi salvare al massimo ${LIMITS.savedSearchesPerUser} ricerche: eliminane una per salvarne un'altra.`,

  // Confirmed e-mail addresses (decision 047)
  emailNotVerified:
    "Prima di candidarti o di pubblicare un'offerta conferma il tuo indirizzo email: apri il link che ti abbiamo inviato o chiedine uno nuovo con «Invia di nuovo».",
  emailConfirmed: 'Grazie: il tuo indirizzo email è confermato. Ora puoi candidarti alle offerte e pubblicarle.',
  emailLinkInvalid: 'Il link di conferma non è valido o è stato sostituito da uno più recente.',
  emailLinkUsed: 'Questo link di conferma è già stato usato.',
  emailLinkExpired: `Il link di conferma è scaduto (vale ${LIMITS.emailConfirmationTtlHours} ore): chiedine uno nuovo.`,
  emailConfirmationSent:
    'Ti abbiamo inviato una nuova email di conferma: apri il link che contiene. I link precedenti non valgono più.',
  emailAlreadyConfirmed: 'Il tuo indirizzo email è già confermato.',
  emailResendLimit: (minutes: number) =>
    `Hai già chiesto ${LIMITS.emailConfirmationResendsPerHour} email di conferma nell'ultima ora: riprova tra ${minutes === 1 ? 'un minuto' : `${minutes} minuti`}.`,
  // Verification of owners and pharmacists by an admin (decision 049).
  verificationDecisionInvalid: 'Scegli «verified» (approva) o «rejected» (rifiuta).',
  verificationReasonRequired: "Indica il motivo del rifiuto: sarà mostrato all'utente.",
  verificationReasonTooLong: `Il motivo può avere al massimo ${LIMITS.verificationReasonMaxLength} caratteri.`,
  verificationNotFound: 'Non ci sono richieste di verifica per questo utente.',
  verificationNotPending: 'Questa richiesta è già stata decisa: aggiorna la pagina.',
  verificationApproved: "Account approvato: l'utente riceverà una notifica.",
  verificationRejected: "Richiesta rifiutata: l'utente riceverà una notifica con il motivo.",
  verificationDocumentTooLarge: 'Il documento non può superare i 5 MB.',
  verificationDocumentSaved: "Documento caricato: lo vedrà l'amministratore che verifica il tuo account.",
  verificationDocumentLinkExpired: 'Il link al documento è scaduto o non è valido.',
  verificationDocumentNotFound: 'Documento non trovato.',
  verificationDocumentUploadsLimit: 'Hai caricato troppi documenti in poco tempo. Riprova più tardi.',

  // Reports, the admins' desk and suspensions (decision 062)
  reportSent: 'Segnalazione inviata. Grazie: la esamineremo al più presto.',
  reportReasonInvalid: 'Scegli il motivo della segnalazione.',
  reportDetailsRequired: 'Descrivi il problema: con il motivo «Altro» i dettagli sono obbligatori.',
  reportDetailsTooLong: `I dettagli non possono superare i ${LIMITS.reportDetailsMaxLength} caratteri.`,
  reportTargetInvalid: "Indica se segnali un'offerta o un utente.",
  reportTargetNotFound: 'Non abbiamo trovato ciò che vuoi segnalare.',
  reportSelf: 'Non puoi segnalare te stesso o una tua offerta.',
  reportDuplicate: 'Hai già una segnalazione aperta su questo: la stiamo esaminando.',
  reportsPerDayLimit: `Puoi inviare al massimo ${LIMITS.reportsPerDay} segnalazioni al giorno. Riprova più tardi.`,
  reportNotFound: 'Segnalazione non trovata.',
  reportAlreadyResolved: 'Questa segnalazione è già stata gestita da un altro amministratore.',
  reportActionInvalid: "Scegli come gestire la segnalazione: archiviarla, nascondere l'offerta o sospendere l'utente.",
  reportHideNotAnOffer: "Si può nascondere solo un'offerta: questa segnalazione riguarda un utente.",
  reportTargetGone: "L'offerta segnalata non esiste più: archivia la segnalazione.",
  reportNoteTooLong: `La nota non può superare i ${LIMITS.suspensionReasonMaxLength} caratteri.`,
  reportResolved: 'Segnalazione gestita.',
  offerHiddenCannotReopen: "L'offerta è stata nascosta da un amministratore dopo una segnalazione: non si può riaprire.",
  accountSuspended:
    "Il tuo account è sospeso. Per chiarimenti scrivi all'assistenza di Farmaponte rispondendo all'e-mail che ti abbiamo inviato.",
  suspendReasonRequired: "Scrivi il motivo della sospensione: lo riceverà l'utente.",
  suspendReasonTooLong: `Il motivo non può superare i ${LIMITS.suspensionReasonMaxLength} caratteri.`,
  suspendAdmin: 'Non si può sospendere un amministratore.',
  userAlreadySuspended: "L'utente è già sospeso.",
  userNotSuspended: "L'utente non è sospeso.",
  userSuspended: 'Utente sospeso: le sue sessioni sono terminate e le sue offerte aperte chiuse.',
  userReinstated: 'Utente riattivato: può accedere di nuovo.',
  /** The admin audit log's filters (GET /api/admin/audit/) and its entry written before a read (decision 061). */
  auditUnknownAction: "Azione sconosciuta: scegline una dall'elenco.",
  auditDate: 'Inserisci una data valida nel formato AAAA-MM-GG.',
  auditDateOrder: 'La data finale deve essere uguale o successiva a quella iniziale.',
  /** Keeping an account or a CV from the link of a retention warning (decision 068). */
  retentionLinkInvalid:
    'Questo link non è valido oppure è già stato usato: se hai già confermato, i tuoi dati restano conservati. Altrimenti accedi a Farmaponte.',
  retentionAccountKept: 'Fatto: il tuo account resta attivo e non verrà cancellato.',
  retentionCvKept: 'Fatto: il tuo CV resta salvato e non verrà cancellato.',
  /** The export of one's data and the consent history (decision 066). */
  dataExportLimit: (wait: string) =>
    `Puoi scaricare i tuoi dati al massimo ${LIMITS.dataExportsPerDay} volte al giorno: riprova tra ${wait}.`,
  /** The wait of dataExportLimit, from the Retry-After seconds: minutes under an hour, else hours. */
  waitFor: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    if (minutes < 60) return minutes === 1 ? 'un minuto' : `${minutes} minuti`;
    const hours = Math.ceil(minutes / 60);
    return hours === 1 ? "un'ora" : `${hours} ore`;
  },
  unsubscribeConsentWithdrawn:
    'Abbiamo registrato anche la revoca del consenso a ricevere comunicazioni e offerte personalizzate: puoi darlo di nuovo dal tuo profilo.',
  unsubscribeAlertsWithdrawConsent:
    "Le e-mail sulle nuove offerte sono le nostre comunicazioni personalizzate: annullando l'iscrizione revochi anche il consenso a riceverle.",
} as const;

export type TMessageKey = keyof typeof MESSAGES;

/** What a notification says (in the app and in its e-mail): a title and one sentence. */
export const NOTIFICATION_TEXT = {
  application_received: (who: string, offer: string) => ({
    title: 'Nuova candidatura',
    body: `${who} si è candidato/a alla tua offerta «${offer}».`,
  }),
  /** `bookedElsewhere`: withdrawn by the platform when the pharmacist was confirmed for other hours (decision 083). */
  application_withdrawn: (who: string, offer: string, bookedElsewhere = false) => ({
    title: 'Candidatura ritirata',
    body: bookedElsewhere
      ? `La candidatura di ${who} alla tua offerta «${offer}» è stata ritirata in automatico: è stato/a confermato/a per un altro turno negli stessi orari.`
      : `${who} ha ritirato la candidatura alla tua offerta «${offer}».`,
  }),
  /** `list`: INVITATION_MESSAGES.withdrawnBookedList, the shift she was confirmed for and those withdrawn. */
  applications_withdrawn_booked: (count: number, list: string) => ({
    title: count === 1 ? 'Candidatura ritirata: sei già impegnato/a' : 'Candidature ritirate: sei già impegnato/a',
    body: list,
  }),
  application_accepted: (pharmacy: string, offer: string) => ({
    title: 'Candidatura accettata',
    body: `${pharmacy} ha accettato la tua candidatura per «${offer}».`,
  }),
  application_rejected: (pharmacy: string, offer: string) => ({
    title: 'Candidatura non selezionata',
    body: `${pharmacy} non ha accettato la tua candidatura per «${offer}».`,
  }),
  application_cancelled: (pharmacy: string, offer: string) => ({
    title: 'Accettazione annullata',
    body: `${pharmacy} ha annullato l'accettazione della tua candidatura per «${offer}».`,
  }),
  offer_closed: (pharmacy: string, offer: string) => ({
    title: 'Offerta chiusa',
    body: `${pharmacy} ha chiuso l'offerta «${offer}»: la tua candidatura non è stata accettata.`,
  }),
  offer_deleted: (pharmacy: string, offer: string) => ({
    title: 'Offerta eliminata',
    body: `${pharmacy} ha eliminato l'offerta «${offer}» a cui ti eri candidato/a.`,
  }),
  offer_alert: (search: string, count: number) => ({
    title: count === 1 ? 'Nuova offerta per te' : `${count} nuove offerte per te`,
    body:
      count === 1
        ? `C'è una nuova offerta per la tua ricerca «${search}».`
        : `Ci sono ${count} nuove offerte per la tua ricerca «${search}».`,
  }),
  albo_recheck: () => ({
    title: "Nuova verifica dell'iscrizione all'albo",
    body: "Come ogni anno stiamo verificando di nuovo la tua iscrizione all'albo sul registro dell'Ordine. Non devi fare nulla.",
  }),
  /** An admin approved an owner (their waiting offers are now published) or a pharmacist's albo entry (decision 049). */
  verification_approved: (role: 'titolare' | 'farmacista', published: number) =>
    role === 'titolare'
      ? {
          title: 'Account verificato',
          body:
            published === 0
              ? 'Abbiamo verificato la tua farmacia: le offerte che pubblichi sono subito visibili ai farmacisti.'
              : published === 1
                ? 'Abbiamo verificato la tua farmacia: la tua offerta in attesa è ora pubblicata.'
                : `Abbiamo verificato la tua farmacia: le tue ${published} offerte in attesa sono ora pubblicate.`,
        }
      : {
          title: "Iscrizione all'albo verificata",
          body: "Abbiamo verificato la tua iscrizione all'albo dei farmacisti: il tuo profilo risulta verificato.",
        },
  verification_rejected: (role: 'titolare' | 'farmacista') =>
    role === 'titolare'
      ? {
          title: 'Verifica non superata',
          body: 'Non abbiamo potuto verificare la tua farmacia: le tue offerte restano non pubblicate. Leggi il motivo e correggi i dati del profilo.',
        }
      : {
          title: "Iscrizione all'albo non verificata",
          body: "Non abbiamo potuto verificare la tua iscrizione all'albo dei farmacisti. Leggi il motivo e correggi i dati del profilo.",
        },
  /** Find each other (decision 069). */
  invitation_received: (pharmacy: string, offer: string) => ({
    title: 'Nuovo invito',
    body: `${pharmacy} ti invita a lavorare per «${offer}».`,
  }),
  invitation_accepted: (who: string, offer: string) => ({
    title: 'Invito accettato',
    body: `${who} ha accettato il tuo invito per «${offer}».`,
  }),
  invitation_declined: (who: string, offer: string) => ({
    title: 'Invito rifiutato',
    body: `${who} ha rifiutato il tuo invito per «${offer}».`,
  }),
  message_received: (who: string, offer: string) => ({
    title: 'Nuovo messaggio',
    body: `${who} ti ha scritto a proposito di «${offer}».`,
  }),
  /** After the shift (decision 073). */
  shift_reminder: (offer: string, pharmacy: string, day: string) => ({
    title: 'Turno in arrivo',
    body: `Promemoria: «${offer}» presso ${pharmacy} inizia il ${day}.`,
  }),
  review_request: (who: string, offer: string) => ({
    title: "Com'è andata?",
    body: `Lascia una recensione a ${who} per «${offer}»: entrambe le recensioni saranno pubblicate insieme.`,
  }),
  review_published: (who: string, offer: string) => ({
    title: 'Nuova recensione',
    body: `La recensione di ${who} per «${offer}» è stata pubblicata.`,
  }),
  hours_submitted: (who: string, offer: string) => ({
    title: 'Ore lavorate da confermare',
    body: `${who} ha indicato le ore lavorate per «${offer}»: confermale o contestale.`,
  }),
  hours_answered: (pharmacy: string, offer: string, confirmed: boolean) => ({
    title: confirmed ? 'Ore lavorate confermate' : 'Ore lavorate contestate',
    body: confirmed
      ? `${pharmacy} ha confermato le ore lavorate per «${offer}».`
      : `${pharmacy} ha contestato le ore lavorate per «${offer}».`,
  }),
  /** The professional file (decision 093): `day` as 'DD/MM/YYYY'. */
  insurance_expiring: (company: string, day: string) => ({
    title: 'La tua assicurazione professionale sta per scadere',
    body: `La polizza di responsabilità civile professionale${company ? ` (${company})` : ''} scade il ${day}: indica il rinnovo nel fascicolo professionale per continuare a candidarti in libera professione.`,
  }),
  /** The contract of a freelance engagement (decision 093). */
  contract_to_confirm: (pharmacy: string, offer: string) => ({
    title: 'Contratto da confermare',
    body: `${pharmacy} ha accettato la tua candidatura in libera professione per «${offer}»: leggi il contratto d'opera e confermalo.`,
  }),
  contract_updated: (pharmacy: string, offer: string, version: number) => ({
    title: 'Contratto modificato',
    body: `Il contratto per «${offer}» presso ${pharmacy} è cambiato (versione ${version}): leggilo e confermalo di nuovo.`,
  }),
  contract_confirmed: (offer: string, version: number) => ({
    title: 'Contratto confermato da entrambi',
    body: `Il contratto per «${offer}» (versione ${version}) è stato confermato da entrambe le parti.`,
  }),
  /** A negotiation on the pay (decision 094). */
  proposal_received: (who: string, offer: string) => ({
    title: 'Proposta sul compenso',
    body: `${who} propone un compenso diverso per «${offer}»: accettalo, fai una controproposta o rifiutalo.`,
  }),
  proposal_decided: (pharmacy: string, offer: string, decision: 'accept' | 'counter' | 'decline') =>
    decision === 'accept'
      ? {
          title: 'Proposta accettata',
          body: `${pharmacy} ha accettato la tua proposta sul compenso per «${offer}».`,
        }
      : decision === 'counter'
        ? {
            title: 'Controproposta sul compenso',
            body: `${pharmacy} ha risposto con una controproposta sul compenso per «${offer}»: accettala o rifiutala.`,
          }
        : {
            title: 'Proposta non accettata',
            body: `${pharmacy} non ha accettato la tua proposta sul compenso per «${offer}»: restano le condizioni dell'offerta.`,
          },
  counter_decided: (who: string, offer: string, accepted: boolean) =>
    accepted
      ? { title: 'Controproposta accettata', body: `${who} ha accettato la tua controproposta sul compenso per «${offer}».` }
      : {
          title: 'Controproposta rifiutata',
          body: `${who} ha rifiutato la tua controproposta sul compenso per «${offer}»: restano le condizioni dell'offerta.`,
        },
  /** From hours to invoice (decision 095): `amount` in Italian figures, `day` as 'DD/MM/YYYY'. */
  invoice_issued: (who: string, number: string, amount: string, day: string) => ({
    title: 'Nuova fattura ricevuta',
    body: `${who} ha emesso la fattura n. ${number} di ${amount} €, da pagare entro il ${day}.`,
  }),
  invoice_paid: (pharmacy: string, number: string) => ({
    title: 'Fattura pagata',
    body: `${pharmacy} ha segnato come pagata la tua fattura n. ${number}.`,
  }),
  invoice_overdue: (who: string, number: string, day: string) => ({
    title: 'Fattura scaduta',
    body: `La fattura n. ${number} di ${who} era da pagare entro il ${day}: se l'avete già pagata, segnatela come pagata.`,
  }),
} as const;

/** The parts of a notification e-mail around its title and sentence. */
export const MAIL_TEXT = {
  greeting: 'Ciao,',
  ownerMessage: 'Messaggio del titolare:',
  /** A pharmacist's words to an owner (the reason for declining an invitation, decision 071). */
  pharmacistMessage: 'Messaggio del farmacista:',
  open: 'Apri la pagina',
  signature: 'Il team Farmaponte',
  whyYouGetThis: (label: string) => `Ricevi questa e-mail per le notifiche «${label}».`,
  unsubscribe: 'Non ricevere più queste e-mail',
  calendarAttached: "In allegato trovi l'evento da aggiungere al calendario.",
  /** With a cancellation (METHOD:CANCEL) of the shift's event (decision 052). */
  calendarCancelled: "In allegato trovi l'annullamento del turno: il tuo calendario lo toglie da solo.",
  /** The mail that takes a withdrawn shift out of the pharmacist's calendar. */
  shiftWithdrawnTitle: 'Turno tolto dal calendario',
  shiftWithdrawnBody: (pharmacy: string, title: string) =>
    `Hai ritirato la candidatura accettata per «${title}» presso ${pharmacy}: il turno non è più nel tuo calendario.`,
  /** An alert's list of offers, one line each. */
  alertOffers: 'Le offerte:',
  /** A thread's mail (decision 072): the first lines of the message that opened a quiet spell, and why no more follow. */
  threadMessage: (who: string) => `${who} ha scritto:`,
  threadMailNote: (minutes: number) =>
    `Gli altri messaggi di questa conversazione li trovi su Farmaponte: ti scriviamo al massimo una volta ogni ${minutes} minuti.`,
  /** A report of a message: the message as the admins' desk reads it, under the reporter's own details. */
  reportedMessage: (at: string, body: string) => `Messaggio segnalato (${at}): «${body}»`,
} as const;

/** What an offer's public page says (Open Graph, JSON-LD, the closed page). */
export const OFFER_PAGE_TEXT = {
  closedTitle: 'Offerta chiusa',
  closedDescription: 'Questa offerta non è più disponibile su Farmaponte.',
  /** "Farmacia Colombo, Milano · dal 01/12/2026 al 03/12/2026 · 20,00 €/ora" */
  payPerHour: (pay: string) => `${pay} €/ora`,
  oneDay: (day: string) => `il ${day}`,
  fromTo: (from: string, to: string) => `dal ${from} al ${to}`,
  fromOnly: (from: string) => `dal ${from}`,
  untilOnly: (to: string) => `fino al ${to}`,
  noDates: 'date da concordare',
  siteName: 'Farmaponte',
} as const;

/** Each kind of notification as the profile's e-mail preferences and the unsubscribe page name it. */
export const NOTIFICATION_TYPE_LABELS = {
  application_received: 'Nuova candidatura ricevuta',
  application_withdrawn: 'Candidatura ritirata dal farmacista',
  application_accepted: 'Candidatura accettata',
  // The screens call a rejected application 'Non selezionata' (UI_TEXT.applicationStatusNames): the same word here.
  application_rejected: 'Candidatura non selezionata',
  application_cancelled: 'Accettazione annullata',
  applications_withdrawn_booked: 'Candidature ritirate perché già impegnato/a',
  offer_closed: 'Offerta chiusa dal titolare',
  offer_deleted: 'Offerta eliminata dal titolare',
  offer_alert: 'Nuove offerte per le ricerche salvate',
  albo_recheck: "Nuova verifica annuale dell'iscrizione all'albo",
  verification_approved: 'Account verificato',
  verification_rejected: 'Verifica non superata',
  invitation_received: 'Inviti dei titolari',
  invitation_accepted: 'Invito accettato dal farmacista',
  invitation_declined: 'Invito rifiutato dal farmacista',
  message_received: 'Nuovi messaggi',
  shift_reminder: 'Promemoria dei turni',
  review_request: 'Inviti a lasciare una recensione',
  review_published: 'Recensioni pubblicate',
  hours_submitted: 'Ore lavorate da confermare',
  hours_answered: 'Ore lavorate confermate o contestate',
  insurance_expiring: "Scadenza dell'assicurazione professionale",
  contract_to_confirm: 'Contratti da confermare',
  contract_updated: 'Contratti modificati',
  contract_confirmed: 'Contratti confermati da entrambi',
  proposal_received: 'Proposte sul compenso ricevute',
  proposal_decided: 'Risposte alle tue proposte sul compenso',
  counter_decided: 'Risposte alle controproposte sul compenso',
  invoice_issued: 'Fatture ricevute dai farmacisti',
  invoice_paid: 'Fatture segnate come pagate',
  invoice_overdue: 'Fatture scadute da pagare',
  urgent_shift: 'Turni urgenti vicino a te',
} as const;

/** What the platform says when a part it depends on is away (docs/rules.md#failures): a clear status, never a 500. */
export const OUTAGE_MESSAGES = {
  databaseUnavailable: 'Il servizio è momentaneamente non disponibile. Riprova tra qualche secondo.',
  /** Readiness while the instance drains before its shutdown: the balancer sends the next requests elsewhere. */
  shuttingDown: 'Questa istanza si sta spegnendo: le prossime richieste vanno alle altre.',
  mailUnavailable: "Non è stato possibile inviare l'e-mail in questo momento. Riprova tra qualche minuto.",
  /** A write that met others on the same rows until its last try (docs/decisions/035): nothing was changed. */
  writeConflict: 'Troppe modifiche contemporanee su questi dati: non è stato cambiato nulla. Riprova tra un istante.',
  /** A read of personal data whose audit entry could not be written (docs/decisions/061): the data is not shown. */
  auditUnavailable:
    'Non è stato possibile annotare la consultazione nel registro attività, quindi i dati non sono mostrati. Riprova tra qualche secondo.',
} as const;

/** The pharmacy registry import (admin upload and import-pharmacies command). */
export const REGISTRY_MESSAGES = {
  wrongLayout: (columns: number, missing: readonly string[]) =>
    `Il file non ha il formato dell'elenco farmacie del Ministero della Salute (intestazione attesa: ${columns} colonne separate da ";"${
      missing.length ? `; mancano: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''}` : ''
    }). Nessun dato è stato importato.`,
  failed: 'Importazione non riuscita: nessuna farmacia è stata modificata. Riprova tra poco.',
  ownerNotFound: 'Titolare non trovato.',
  skipNotActive: 'farmacia non più attiva (data_fine_validita valorizzata)',
  skipColumns: 'numero di colonne errato',
  skipMissing: 'codice o denominazione mancante',
  skipDuplicate: "codice ripetuto nel file (vale l'ultima riga)",
  skipControlCharacters: 'caratteri non ammessi (NUL o di controllo)',
  skipUnreadable: 'caratteri illeggibili',
  skipInvalidDate: 'data impossibile o non nel formato GG/MM/AAAA',
  /** Why one row was skipped, as listed with its row number. */
  badRowColumns: (found: number, expected: number) => `numero di colonne errato (${found} invece di ${expected})`,
  badRowControlCharacter: (column: string, character: string) => `carattere non ammesso (${character}) nella colonna ${column}`,
  badRowUnreadable: (column: string) => `caratteri illeggibili nella colonna ${column} (il file non è in UTF-8?)`,
  badRowMissing: (column: string) => `campo obbligatorio vuoto: ${column}`,
  badRowDate: (column: string, value: string) =>
    `data impossibile o non nel formato GG/MM/AAAA nella colonna ${column}: "${value}"`,
  /** How the file was read (the import detects it). */
  encodings: { 'utf-8': 'UTF-8', 'utf-8-bom': 'UTF-8 con BOM', 'windows-1252': 'Windows-1252 (Latin-1)' },
  /** The embedded database saves the import batch by batch: what was saved stays, the same file completes it. */
  interrupted: (saved: number) =>
    `Importazione interrotta dopo ${saved} farmacie salvate. Importa di nuovo lo stesso file per completarla: le farmacie già salvate vengono aggiornate, non duplicate.`,
} as const;

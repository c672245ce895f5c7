import { FIRST_SCREEN_TEXT } from './ui-text-first-screen';

/**
 * Labels, headings and other interface text of the web app (docs/product.md), in Italian: the frame, the logged-out
 * screens, the search and what many screens share. The first screen's script carries all of it, so the texts of later
 * screens are in their own catalogues (ui-text-account, ui-text-owner, ui-text-admin, ui-text-privacy). Sentences
 * shown as messages are in MESSAGES.
 */
export const UI_TEXT = {
  // The search page's first screen, also drawn before the app has loaded (docs/decisions/057).
  ...FIRST_SCREEN_TEXT,
  tagline: 'Mettiamo in contatto farmacisti e titolari di farmacia, in modo semplice e veloce.',

  // Shared
  close: 'Chiudi',
  cancel: 'Annulla',
  mainNavigation: 'Navigazione principale',
  legalNavigation: 'Informazioni legali',
  skipToContent: 'Vai al contenuto',
  /** To the role's main places: the header's on a desktop, the bottom bar on a phone (decision 096). */
  skipToNavigation: 'Vai alla navigazione',
  /** The header's other links: the menu on a phone, beside the brand on a desktop. */
  accountNavigation: 'Account e altre pagine',
  requiredLegend: 'I campi contrassegnati con * sono obbligatori.',
  opensInNewTab: '(si apre in una nuova scheda)',
  suggestionsAvailable: (count: number) => (count === 1 ? '1 suggerimento disponibile' : `${count} suggerimenti disponibili`),
  charactersCount: (count: number, max: number) => `${count}/${max} caratteri`,
  pageErrorTitle: 'Qualcosa è andato storto',
  pageErrorText: 'Non è stato possibile caricare la pagina. Controlla la connessione e riprova.',
  reloadPage: 'Ricarica la pagina',
  // Leaving a form with changes not saved (offer and description dialogs, profile)
  discardTitle: 'Vuoi uscire senza salvare?',
  discardText: 'Le modifiche che hai fatto non sono state salvate e andranno perse.',
  discardConfirm: 'Esci senza salvare',
  discardCancel: 'Continua a modificare',
  /** Every missing value, everywhere: one word, so nobody wonders whether 'N/A' and 'N/D' differ. */
  notAvailable: 'N/D',
  roleNames: { farmacista: 'Farmacista', titolare: 'Titolare', admin: 'Amministratore' },

  // The admin audit log, /registro-attivita (docs/decisions/061)
  auditLink: 'Registro attività',

  // Header and footer (docs/product.md#frame)
  profileLink: 'Profilo',
  logoutLink: 'Logout',
  loginLink: 'Accedi',
  rightsNotice: '© 2026 Farmaponte. Tutti i diritti riservati.',
  contactLabel: 'Contatti:',
  contactEmail: 'info@farmaponte.it',
  privacyLink: 'Privacy',
  termsLink: 'Termini e condizioni',
  /** The toasts' region (Alt+T moves the focus there), as screen readers name it. */
  toastsRegion: 'Avvisi (Alt+T)',

  // Welcome (what a logged-out visitor at / sees)
  welcomeTitle: 'Benvenuto!',
  welcomeLead: 'Farmaponte è la piattaforma per il lavoro in farmacia: turni, sostituzioni e offerte in tutta Italia.',
  loginWithEmail: 'Accedi con Email',
  registerPrompt: 'Sei nuovo? Registrati',
  welcomeForPharmacists: 'Per i farmacisti',
  welcomePharmacistPoints: [
    'Cerca turni e offerte per comune, nella lista o sulla mappa.',
    'Candidati con un clic: il titolare riceve il tuo CV.',
    'Tieni aggiornati profilo, descrizione e CV in un solo posto.',
  ],
  welcomeForOwners: 'Per i titolari di farmacia',
  welcomeOwnerPoints: [
    'Pubblica turni di un giorno o di più giorni, con la retribuzione oraria.',
    'Ricevi le candidature con il CV di chi si propone.',
    'Modifica o elimina le tue offerte quando vuoi.',
  ],

  // Login
  loginTitle: 'Accedi',
  loginSubtitle: 'Entra nel tuo account per gestire offerte, turni e candidature.',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  loginButton: 'Accedi',
  noAccount: 'Non hai un account?',
  registerLink: 'Registrati',
  forgotPasswordLink: 'Recupera password',
  showPassword: 'Mostra password',
  hidePassword: 'Nascondi password',

  // Registration (docs/product.md#registration)
  registerTitle: 'Registrazione',
  registerSubtitle: 'Crea il tuo account Farmaponte: bastano pochi minuti.',
  sectionAccess: 'Dati di accesso',
  sectionPersonal: 'Dati personali',
  sectionResidence: 'Residenza',
  sectionProfessional: 'Dati professionali',
  sectionPharmacy: 'Dati della farmacia',
  sectionConsents: 'Consensi',
  confirmPasswordLabel: 'Conferma password',
  passwordHint: 'Almeno 8 caratteri.',
  nameLabel: 'Nome',
  surnameLabel: 'Cognome',
  dobLabel: 'Data di nascita',
  placeOfBirthLabel: 'Luogo di nascita',
  telephoneLabel: 'Telefono',
  telephoneHint: 'Almeno 8 cifre; spazi, punti e trattini vanno bene (es. 333 123 4567).',
  roleLabel: 'Ruolo',
  rolePlaceholder: 'Seleziona il tuo ruolo',
  roleHint: 'I campi specifici del ruolo compaiono dopo la scelta.',
  regionLabel: 'Regione di residenza',
  provinceLabel: 'Provincia di residenza',
  provinceHint: 'Scegli prima la regione.',
  comuneLabel: 'Comune di residenza',
  comuneHint: 'Scrivi almeno 2 lettere per vedere i suggerimenti.',
  viaLabel: 'Via e numero civico',
  alboLabel: "Numero di iscrizione all'albo",

  // Forgot and reset password (docs/product.md#forgot-password)
  forgotTitle: 'Ripristina la tua password',
  forgotIntro: "Inserisci l'email del tuo account: ti invieremo un link per scegliere una nuova password.",
  forgotButton: 'Ripristina',
  backToLogin: 'Torna al login',
  resetTitle: 'Scegli una nuova password',
  resetIntro: 'La nuova password deve avere almeno 8 caratteri.',
  newPasswordLabel: 'Nuova Password',
  confirmNewPasswordLabel: 'Conferma Password',
  resetButton: 'Salva la nuova password',
  loggingOut: 'Uscita in corso...',

  // Dashboard (docs/product.md#dashboard)
  greeting: (name: string) => `Benvenuto, ${name}!`,
  farmacistaIntro: 'Gestisci la tua carriera, cerca nuove offerte di lavoro, leggi le recensioni e aggiorna il tuo CV.',
  titolareIntro: 'Gestisci le tue offerte, visualizza le candidature e consulta le tue informazioni personali.',
  adminTitle: 'Area amministrazione',
  adminIntro: 'Consulta le farmacie e gli utenti registrati sulla piattaforma.',
  dashboardActions: 'Azioni rapide',
  searchOffers: 'Cerca Offerte',
  updateCv: 'Aggiorna CV',
  createOffer: 'Crea Offerta',
  applicationsReceived: 'Candidature Ricevute',
  myOffers: 'Le Mie Offerte',
  /** A pharmacist's calendar and the owners' search of who is free (decision 070): the dashboard's and header's links. */
  myAvailability: 'La mia disponibilità',
  searchPharmacists: 'Cerca Farmacisti',
  allPharmacies: 'Tutte le farmacie',
  usersList: 'Utenti',
  editDescription: 'Modifica Descrizione',
  yourProfile: 'Il tuo profilo',
  yourProfileText: 'Tieni aggiornati i tuoi dati: i titolari e i farmacisti li useranno per contattarti.',
  goToProfile: 'Aggiorna i tuoi dati',
  yourDescription: 'La tua descrizione',
  noDescription: 'Non hai ancora scritto una descrizione. Presentati in poche righe: esperienza, competenze, disponibilità.',

  // Description dialog (docs/product.md#dialogs)
  descriptionTitle: 'Aggiorna la tua descrizione',
  descriptionLabel: 'Descrizione personale:',
  descriptionPlaceholder: 'Scrivi qualcosa su di te...',
  descriptionSave: 'Aggiorna',
  descriptionSaving: 'Aggiornamento...',

  // CV dialog (docs/product.md#dialogs)
  cvDialogTitle: 'Carica il tuo CV',
  cvDialogIntro: 'I titolari delle offerte a cui ti candidi riceveranno questo CV.',
  cvFileLabel: 'File del CV (PDF)',
  cvFileHint: 'Solo file PDF, al massimo 5 MB. Il nuovo CV sostituisce quello precedente.',
  cvChooseFileButton: 'Scegli file',
  cvNoFileChosen: 'Nessun file selezionato',
  cvUploadButton: 'Carica CV',
  cvUploading: 'Caricamento del CV in corso...',
  cvDownloadLink: 'Scarica il tuo CV',
  cvNone: 'Non hai ancora caricato un CV.',
  cvChooseFile: 'Seleziona il file PDF del tuo CV.',
  cvReadFailedPrefix: 'Impossibile leggere il file: ',
  offerDescriptionLabel: 'Descrizione',
  offerSalaryLabel: 'Retribuzione oraria',
  offersEmpty: 'Nessuna offerta trovata.',
  offerDelete: 'Elimina',
  /** A place of the offer map: its pharmacy, or the first of the pharmacies placed at the same point (a comune's centre). */
  mapPlaceLabel: (name: string, others: number) =>
    others === 0 ? name : others === 1 ? `${name} e un'altra farmacia` : `${name} e altre ${others} farmacie`,

  // Search offers (docs/product.md#search-offers)
  searchByComuneLabel: 'Cerca per comune',
  searchByComunePlaceholder: 'Cerca per comune...',
  offersNoneForComune: 'Nessuna offerta per questo comune.',
  offerComuneLabel: 'Comune farmacia',
  offerTitleShortLabel: 'Titolo',
  offerPeriodLabel: 'Periodo',
  sendCv: 'Manda CV',
  offersMapLabel: 'Mappa delle offerte',
  offerDailyHours: (from: string, to: string) => `dalle ${from} alle ${to}`,
  offerPayLabel: 'Paga oraria',
  offerHoursLabel: 'Orario',
  offerSalaryNoteLabel: 'Note sulla retribuzione',
  offerPharmacyLabel: 'Farmacia',
  offerOpenPage: "Pagina dell'offerta",
  offerShowOnMap: 'Mostra sulla mappa',
  previousPageLabel: 'Pagina precedente',
  nextPageLabel: 'Pagina successiva',
  // The search's summary in words and the name of a saved search, read by the app's first file (the URL's filters)
  savedSearchDefaultName: 'Le mie offerte',
  searchMinPaySummary: (pay: string) => `almeno ${pay} €/ora`,
  searchNearSummary: (comune: string, km: string) => `entro ${km} km da ${comune}`,
  // An offer's public page (docs/product.md#public-offer)
  publicOfferKicker: 'Offerta di lavoro in farmacia',
  publicOfferApply: 'Candidati',
  publicOfferClosedTitle: 'Offerta chiusa',
  publicOfferClosedText: 'Questa offerta è chiusa: non accetta più candidature.',
  publicOfferMissingTitle: 'Offerta non trovata',
  publicOfferMissingText: 'Questa offerta non esiste o è stata eliminata.',
  publicOfferSearchOthers: 'Cerca altre offerte',
  offersAtPharmacy: (count: number) => (count === 1 ? '1 offerta' : `${count} offerte`),
  offersWithoutPosition: (count: number) =>
    count === 1 ? '1 offerta non ha una posizione sulla mappa.' : `${count} offerte non hanno una posizione sulla mappa.`,

  // Applications received (docs/product.md#applications-received) and sent
  applicationsEmpty: 'Nessuna candidatura trovata.',
  applicationsCount: (count: number) => (count === 1 ? '1 candidatura ricevuta' : `${count} candidature ricevute`),
  applicationsShown: (shown: number, total: number) => `Mostrate le ${shown} candidature più recenti su ${total} ricevute.`,
  applicationsLoadMore: 'Mostra altre candidature',
  applicationResidenceLabel: 'Residenza',
  applicationSubmittedLabel: 'Inviata il',
  applicationOfferLabel: 'Offerta',
  viewPdf: 'Visualizza PDF',
  applicationNoCv: 'CV non più disponibile.',
  myApplications: 'Le mie candidature',
  myApplicationsIntro: 'Le offerte a cui hai inviato il tuo CV, dalla più recente.',
  myApplicationsEmpty: 'Non hai ancora inviato candidature.',
  backHome: 'Torna alla Home',
  deleteBusy: 'Eliminazione...',
  secondStepCodeLabel: 'Codice di verifica',
  secondStepAnyCodeHint: "6 cifre dall'app, oppure uno dei codici di recupero.",
  loginSecondStepTitle: 'Accesso in due passaggi',
  loginSecondStepText: "Apri l'app di autenticazione e scrivi il codice di 6 cifre che mostra ora.",
  loginRecoveryText: 'Scrivi uno dei codici di recupero che hai salvato: vale una volta sola.',
  loginUseRecoveryCode: 'Usa un codice di recupero',
  loginUseAppCode: "Usa il codice dell'app",
  recoveryCodeLabel: 'Codice di recupero',
  loginVerify: 'Verifica',
  loginStartAgain: 'Ricomincia con email e password',
  adminSecondStepBanner: "Proteggi il tuo account di amministratore: attiva l'accesso in due passaggi.",
  adminSecondStepRequired: "Per usare le funzioni di amministrazione devi prima attivare l'accesso in due passaggi.",
  adminSecondStepLink: 'Attivalo dal profilo',
  retry: 'Riprova',
  previousPage: 'Precedente',
  nextPage: 'Successiva',
  pageOf: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
  pagination: 'Paginazione',

  // Errors
  unauthorizedTitle: 'Accesso Negato',
  unauthorizedText: 'Non hai i permessi per accedere a questa pagina.',
  backToHomepage: 'Torna alla homepage',
  notFoundCode: '404',
  notFoundTitle: 'Pagina non trovata',
  notFoundText: 'La pagina che cerchi non esiste o è stata spostata.',

  // Legal
  lastUpdated: 'Ultimo aggiornamento:',
  tableOfContents: 'Indice',
  backToFarmaponte: 'Torna a Farmaponte',

  // The hiring loop (decision 025): application and offer status, decisions, notifications, e-mail preferences
  applicationOfferExpiredNote: "Il periodo dell'offerta è terminato: puoi ancora rispondere, ma non accettare la candidatura.",
  /** What each status means for the pharmacist who sent the application. */
  applicationStatusExplained: {
    sent: 'Il titolare non ha ancora aperto il tuo CV.',
    seen: 'Il titolare ha aperto il tuo CV: riceverai una risposta.',
    accepted: 'Il titolare ti ha scelto per questa offerta.',
    rejected: 'Il titolare non ha accettato questa candidatura.',
    withdrawn: 'Hai ritirato questa candidatura.',
  },
  applicationStatusLabel: 'Stato',
  applicationHistory: 'Cronologia',
  applicationHistorySent: 'Candidatura inviata',
  applicationOwnerMessage: 'Messaggio del titolare',
  applicationMessageSent: 'Messaggio inviato al farmacista',
  /** The note of an application withdrawn by the platform (the pharmacist was booked for the same hours). */
  applicationWithdrawnNote: 'Perché è stata ritirata',
  applicationWithdraw: 'Ritira candidatura',
  applicationWithdrawTitle: 'Ritirare la candidatura?',
  applicationWithdrawQuestion: (title: string) =>
    `Il titolare non vedrà più la tua candidatura per «${title}». Potrai candidarti di nuovo finché l'offerta è aperta.`,
  applicationWithdrawBusy: 'Ritiro in corso...',
  applicationWithdrawKeep: 'Non ritirare',
  /** The reason of a withdrawal of an accepted shift (decision 074): required under 7 days before it. */
  applicationWithdrawReason: 'Motivo (obbligatorio a meno di 7 giorni dal turno)',
  applicationSendAgain: 'Manda di nuovo il CV',
  // Offers filling and closing on /mie_offerte
  offerStatusNames: {
    open: 'Aperta',
    filled: 'Posti coperti',
    closed: 'Chiusa',
    expired: 'Scaduta',
    pending_verification: 'In attesa di verifica',
  },
  offerPositionsLabel: 'Posti disponibili',
  // Notifications
  notifications: 'Notifiche',
  notificationsLink: (unread: number) =>
    unread === 0 ? 'Notifiche, nessuna da leggere' : unread === 1 ? 'Notifiche, 1 da leggere' : `Notifiche, ${unread} da leggere`,
  notificationsIntro: 'Le novità sulle tue offerte e candidature, dalla più recente.',
  notificationsEmpty: 'Non hai ancora notifiche.',
  notificationsUnread: (count: number) =>
    count === 0 ? 'Hai letto tutto.' : count === 1 ? '1 notifica da leggere' : `${count} notifiche da leggere`,
  notificationsMarkAll: 'Segna tutte come lette',
  notificationMarkRead: 'Segna come letta',
  notificationUnreadBadge: 'Nuova',
  notificationOpen: 'Apri',
  notificationsLoadMore: 'Mostra notifiche precedenti',
  notificationsShown: (shown: number, total: number) => `Mostrate le ${shown} notifiche più recenti su ${total}.`,
  // Confirmed e-mail addresses (decision 047): the notice, 'Invia di nuovo' and the page of the link
  emailConfirmTitle: 'Conferma il tuo indirizzo email',
  emailConfirmSentTo: (email: string) =>
    `Ti abbiamo inviato un'email di conferma a ${email}: apri il link che contiene. Finché non confermi l'indirizzo puoi cercare offerte e completare il profilo, ma non candidarti né pubblicare offerte.`,
  emailConfirmSpamHint: 'Non la trovi? Guarda anche nella posta indesiderata, oppure chiedine una nuova.',
  emailConfirmResend: 'Invia di nuovo',
  confirmEmailTitle: 'Conferma email',
  confirmEmailChecking: 'Stiamo confermando il tuo indirizzo email…',
  confirmEmailDoneTitle: 'Indirizzo email confermato',
  confirmEmailFailedTitle: "Non è stato possibile confermare l'indirizzo",
  confirmEmailAlreadyDone: 'Il tuo indirizzo email risulta già confermato: non devi fare altro.',
  confirmEmailToHome: 'Vai alla tua pagina',
  confirmEmailToLogin: 'Accedi',
  confirmEmailLoginToResend:
    "Se l'indirizzo è già confermato, accedi. Se non lo è ancora, chiedi il ripristino della password: anche quel link conferma l'indirizzo.",
  confirmEmailToForgot: 'Ripristina la password',
  verificationsLink: 'Verifiche',

  // Reports, the admins' desk and suspensions (decision 062)
  report: 'Segnala',
  reportOfferLabel: (title: string) => `Segnala l'offerta ${title}`,
  reportUserLabel: (name: string) => `Segnala ${name}`,
  reportOfferTitle: "Segnala l'offerta",
  reportUserTitle: 'Segnala questa persona',
  reportIntro: 'Gli amministratori esamineranno la segnalazione. Chi viene segnalato non saprà mai chi lo ha segnalato.',
  reportReasonLegend: 'Motivo',
  reportReasons: {
    fake: 'Falsa o ingannevole',
    inappropriate: 'Contenuto inappropriato',
    spam: 'Spam o pubblicità',
    other: 'Altro',
  },
  reportDetailsLabel: 'Dettagli',
  reportDetailsHint: 'Facoltativi, obbligatori con «Altro». Massimo 1000 caratteri.',
  reportSend: 'Invia segnalazione',
  reportSending: 'Invio in corso...',
  reportDone: 'Segnalazione inviata',
  reportsLink: 'Segnalazioni',
} as const;

/**
 * The texts of the account screens (the profile and its sections, the albo entry and the owner's pharmacy in
 * registration and profile, the second step's set-up, e-mail preferences), apart from UI_TEXT so the first screen's
 * script and /login do not carry them: only the screens that show them import this.
 */
export const ACCOUNT_TEXT = {
  // The albo entry (decision 050): registration and profile
  sectionAlbo: "Iscrizione all'albo",
  alboOrdineLabel: 'Ordine (provincia)',
  alboOrdineHint: "La provincia dell'Ordine dei Farmacisti a cui sei iscritto/a.",
  alboDateLabel: "Data di iscrizione all'albo",
  alboNumberHint: 'Come nel certificato di iscrizione. Con Ordine e data chiedi la verifica della tua iscrizione.',
  alboStatusTitle: 'Verifica',
  alboStatusNames: {
    none: 'Non dichiarata',
    incomplete: 'Da completare',
    pending: 'In verifica',
    verified: 'Verificata',
    rejected: 'Non verificata',
  },
  alboStatusExplained: {
    none: "Indica Ordine, data e numero: un amministratore li verificherà sull'albo dell'Ordine e i titolari vedranno che la tua iscrizione è verificata.",
    incomplete:
      "Per chiedere la verifica servono tutti e tre i dati: Ordine, data e numero. Finché manca qualcosa, i titolari non vedono l'iscrizione come verificata.",
    pending: "Un amministratore sta controllando i dati sull'albo pubblico dell'Ordine. Puoi candidarti anche nel frattempo.",
    verified:
      "I titolari vedono che la tua iscrizione all'albo è verificata. Se cambi Ordine, data o numero, verrà verificata di nuovo.",
    rejected: 'Correggi Ordine, data o numero e aggiorna il profilo: verranno verificati di nuovo.',
  },
  alboRejectedReason: (reason: string) => `Motivo: ${reason}`,
  alboMissing: (fields: string) => `Manca: ${fields}.`,
  alboFieldNames: {
    ordine_provincia: 'Ordine (provincia)',
    data_iscrizione_albo: "data di iscrizione all'albo",
    numero_iscrizione_albo: "numero di iscrizione all'albo",
  },
  titoloLabel: 'Titolo di studio',
  preferredRegionLabel: 'Regione in cui preferisci lavorare',
  pharmacyNameLabel: 'Denominazione della farmacia',
  pharmacyAddressLabel: 'Indirizzo della farmacia',
  vatLabel: 'Partita IVA',
  vatHint: '11 cifre, anche con il prefisso IT.',
  pharmacyComuneLabel: 'Comune della farmacia',
  // The owner's pharmacy from the Ministry registry (decision 048)
  pharmacySearchLabel: 'Cerca la tua farmacia',
  pharmacySearchHint: "Nome, comune, indirizzo o codice: l'elenco è il registro delle farmacie del Ministero della Salute.",
  pharmacySearchPlaceholder: 'Es. Farmacia Centrale Bergamo',
  pharmacySearching: 'Ricerca delle farmacie in corso…',
  pharmacyNoResults: 'Nessuna farmacia trovata',
  pharmacyChosenTitle: 'La tua farmacia',
  pharmacyCode: (code: string) => `Codice ministeriale ${code}`,
  pharmacyChange: 'Cambia',
  pharmacyChangeLabel: (name: string) => `Cambia farmacia (ora: ${name})`,
  pharmacyManualLink: "La tua farmacia non è nell'elenco? Inseriscila a mano",
  pharmacyManualNote: 'Una farmacia inserita a mano viene controllata da un amministratore prima della verifica.',
  pharmacyBackToSearch: "Cerca di nuovo nell'elenco",
  pharmacyVerified: 'Farmacia verificata',
  pharmacyVerifiedNote: "La farmacia e la partita IVA sono state verificate: per cambiarle scrivi all'assistenza.",
  communicationConsentLabel: 'Desidero ricevere comunicazioni e offerte personalizzate in base alla regione da me indicata.',
  termsConsentPrefix: 'Ho letto e accetto i',
  termsConsentTerms: "Termini e Condizioni d'uso",
  termsConsentAnd: "e l'",
  termsConsentPrivacy: 'Informativa sulla Privacy',
  registerButton: 'Registrati',
  registerCheckMailTitle: 'Controlla la tua email',
  registerCheckMailSentTo: (email: string) => `Abbiamo scritto a ${email}.`,
  registerCheckMailHint:
    "Non la trovi? Guarda nella posta indesiderata. Se l'indirizzo ha già un account, il messaggio ti spiega come accedere o ripristinare la password.",
  alreadyRegistered: 'Hai già un account?',
  loginNow: 'Accedi subito!',

  // Profile (docs/product.md#profile)
  profileTitle: 'Profilo Personale',
  readOnlyHint: 'Non modificabile.',
  updateProfile: 'Aggiorna Profilo',
  deleteAccount: 'Elimina Account',
  deleteSectionTitle: "Eliminazione dell'account",
  deleteSectionText: 'Elimina definitivamente il tuo account e tutti i dati collegati (profilo, CV, offerte e candidature).',
  deleteTitle: 'Sei sicuro di voler eliminare il tuo profilo?',
  deleteText: 'Questa azione è irreversibile.',
  deleteConfirm: 'Conferma eliminazione',
  // A pharmacist's CV in the profile: 'Aggiorna CV' opens the same dialog as on the dashboard
  cvSectionTitle: 'Il tuo CV',
  cvSectionStored: 'Il tuo CV è caricato: i titolari a cui ti candidi lo ricevono.',
  cvSectionNone: 'Non hai ancora caricato un CV: ti serve per candidarti alle offerte.',
  // Logout everywhere (decision 019: POST /api/token/revoke-all/)
  logoutEverywhere: 'Esci da tutti i dispositivi',
  logoutEverywhereSectionTitle: 'Accessi',
  logoutEverywhereSectionText:
    "Hai effettuato l'accesso su un dispositivo che non usi più o che non è tuo? Chiudi tutte le sessioni aperte, compresa questa.",
  logoutEverywhereTitle: 'Vuoi uscire da tutti i dispositivi?',
  logoutEverywhereText:
    "La sessione verrà chiusa qui e su ogni altro dispositivo o browser in cui hai effettuato l'accesso. Per continuare dovrai accedere di nuovo.",
  logoutEverywhereConfirm: 'Esci ovunque',
  logoutEverywhereBusy: 'Uscita in corso...',
  // Two-step login (decision 063): the profile's section, the login's second form, the admin's banner
  secondStepTitle: 'Accesso in due passaggi',
  secondStepOffText:
    "Proteggi l'account: dopo la password ti chiederemo anche un codice generato da un'app di autenticazione sul telefono (per esempio Google Authenticator, Microsoft Authenticator o Aegis).",
  secondStepOnText: "Attivo: a ogni accesso, dopo la password, ti chiediamo il codice dell'app di autenticazione.",
  secondStepRecoveryLeft: (n: number) => `Codici di recupero ancora disponibili: ${n} su 10.`,
  secondStepTurnOn: "Attiva l'accesso in due passaggi",
  secondStepPreparing: 'Preparazione…',
  secondStepPasswordFirst: 'Per sicurezza, conferma la password del tuo account: poi ti mostriamo il codice QR.',
  secondStepContinue: 'Continua',
  secondStepScan: "1. Inquadra il codice QR con l'app di autenticazione.",
  secondStepQrLabel: "Codice QR da inquadrare con l'app di autenticazione",
  secondStepManual: "Non riesci a inquadrarlo? Inserisci a mano nell'app questa chiave:",
  secondStepEnterCode: "2. Scrivi il codice di 6 cifre che l'app mostra.",
  secondStepCodeHint: "6 cifre dall'app di autenticazione.",
  secondStepConfirm: 'Conferma e attiva',
  secondStepLoadFailed: "Non è stato possibile leggere lo stato dell'accesso in due passaggi.",
  recoveryCodesTitle: 'I tuoi codici di recupero',
  recoveryCodesText:
    "Salvali in un posto sicuro: li vedi solo adesso. Se perdi il telefono, ognuno vale una volta sola al posto del codice dell'app.",
  recoveryCodesListLabel: 'Codici di recupero',
  recoveryCodesCopy: 'Copia i codici',
  recoveryCodesCopied: 'Codici di recupero copiati.',
  recoveryCodesDownload: 'Scarica i codici (.txt)',
  recoveryCodesFileName: 'farmaponte-codici-di-recupero.txt',
  recoveryCodesDone: 'Li ho salvati',
  secondStepTurnOff: "Disattiva l'accesso in due passaggi",
  secondStepTurnOffText: "Per disattivarlo servono la password e un codice dell'app (o un codice di recupero).",
  secondStepTurnOffConfirm: 'Disattiva',
  // E-mail preferences (profile)
  emailPreferencesTitle: 'Notifiche via e-mail',
  emailPreferencesIntro: 'Scegli quali avvisi ricevere anche per e-mail. Nella pagina Notifiche li trovi sempre tutti.',
  emailPreferencesSave: 'Salva preferenze',
} as const;

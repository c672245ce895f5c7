/**
 * The texts of the privacy screens (the export, the CV views, contact data that expired, keeping an account or a CV),
 * apart from UI_TEXT so the first screen's script does not carry them: only the screens that show them import this.
 */
export const PRIVACY_TEXT = {
  // The export of one's data and the consent history.
  dataExportTitle: 'Scarica i miei dati',
  dataExportText: (role: 'farmacista' | 'titolare' | 'admin') =>
    `Un file ZIP con tutto ciò che Farmaponte conserva su di te: account, profilo, consensi con la loro storia${
      role === 'farmacista'
        ? ', candidature con i messaggi dei titolari, chi ha aperto il tuo CV e il CV stesso'
        : role === 'titolare'
          ? ', le tue offerte con il numero di candidature (senza i dati dei candidati)'
          : ''
    }, notifiche e preferenze e-mail. I dati sono nel file dati.json, leggibile da qualsiasi programma.`,
  dataExportButton: 'Scarica i miei dati',
  dataExportBusy: 'Preparazione del file…',
  dataExportDone: 'Download avviato: trovi il file nella cartella dei download.',
  dataExportFailed: 'Non è stato possibile preparare i tuoi dati. Riprova tra poco.',
  // Who opened my CV; contact data that expired.
  cvViewsTitle: 'Chi ha visto il tuo CV',
  cvViewsIntro: 'Ogni volta che un titolare (da una tua candidatura) o lo staff di Farmaponte apre il tuo CV, lo trovi qui.',
  cvViewsEmpty: 'Nessuno ha ancora aperto il tuo CV.',
  cvViewsLoadFailed: "Non è stato possibile caricare l'elenco di chi ha visto il tuo CV.",
  cvViewsMore: 'Mostra altri',
  cvViewsLoadingMore: 'Caricamento…',
  cvViewsCount: (shown: number, total: number) => `${shown} di ${total}`,
  cvViewsPharmacy: 'Farmacia',
  cvViewsOffer: 'Offerta',
  cvViewsWhen: 'Quando',
  cvViewsStaff: 'Staff Farmaponte',
  contactHiddenClosed: 'I contatti e il CV non sono più disponibili: la candidatura è chiusa (rifiutata o ritirata).',
  contactHiddenPeriodEnded:
    "I contatti e il CV non sono più disponibili: è trascorso il periodo di conservazione dopo l'ultimo giorno dell'offerta.",
  // Retention: keeping an account or a CV, the periods.
  keepTitle: 'Conserva i tuoi dati',
  keepDoneTitle: 'Dati conservati',
  keepChecking: 'Controllo del link…',
  keepAccountWhat: (day: string) =>
    `Il tuo account Farmaponte, con il profilo, il CV, le candidature e le offerte, verrà cancellato il ${day} perché non lo usi da tempo. Premi il pulsante per tenerlo: il periodo riparte da oggi.`,
  keepCvWhat: (day: string) =>
    `Il CV che hai caricato su Farmaponte verrà cancellato il ${day} perché non è aggiornato da tempo. Premi il pulsante per tenerlo così com'è: il periodo riparte da oggi. Il tuo account resta comunque.`,
  keepAccountButton: 'Conserva il mio account',
  keepCvButton: 'Conserva il mio CV',
  keepToLogin: "Vai all'accesso",
  keepToPrivacy: 'Per quanto tempo conserviamo i dati',
  periodsAccount: (months: number, warningDays: number) =>
    `Se non accedi per ${months} mesi, cancelliamo l'account con tutti i suoi dati. Almeno ${warningDays} giorni prima ti avvisiamo per email: per tenerlo basta accedere o premere «Conserva» dal link dell'avviso. Gli account degli amministratori non vengono cancellati per inattività.`,
  periodsCv: (months: number, warningDays: number) =>
    `Il CV non aggiornato da ${months} mesi viene cancellato, dopo un avviso per email almeno ${warningDays} giorni prima: puoi tenerlo dal link dell'avviso o caricandone uno nuovo. Il CV sostituito da un nuovo caricamento viene cancellato subito.`,
  periodsContact: (days: number) =>
    `Il titolare a cui ti candidi vede il tuo telefono, la residenza e il CV finché la candidatura è aperta e per ${days} giorni dopo l'ultimo giorno dell'offerta, poi non più.`,
  periodsNotifications: (months: number) =>
    `Le notifiche lette vengono cancellate ${months} mesi dopo il loro arrivo; quelle non lette restano finché le leggi o elimini l'account.`,
  periodsMails: (days: number) =>
    `Le email che ti inviamo restano nei nostri sistemi per ${days} giorni dopo l'invio (o dopo l'ultimo tentativo non riuscito), poi vengono cancellate.`,
  periodsAudit: (days: number) =>
    `Il registro delle attività degli amministratori (chi ha visto o modificato quali dati, e quando) è conservato per ${days} giorni.`,
  /** From hours to invoice (decision 095): the law's period, whatever becomes of the accounts. */
  periodsInvoices: (years: number) =>
    `Le fatture e le note di credito emesse su Farmaponte, con il loro file XML FatturaPA e la copia PDF, sono conservate per ${years} anni dalla loro emissione (art. 2220 del Codice civile), anche se il farmacista o la farmacia eliminano l'account; poi vengono cancellate.`,
} as const;

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
} as const;

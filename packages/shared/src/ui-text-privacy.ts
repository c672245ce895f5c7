/**
 * The texts of the privacy screens (the export, the CV views, contact data that expired, keeping an account or a CV),
 * apart from UI_TEXT so the first screen's script does not carry them: only the screens that show them import this.
 */
export const PRIVACY_TEXT = {
  // The export of one's data and the consent history.
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

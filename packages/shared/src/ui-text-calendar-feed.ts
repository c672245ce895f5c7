/**
 * The texts of the profile's 'Calendario dei turni' (decision 075), apart from UI_TEXT and from the page of worked
 * shifts: only the profile shows them.
 */
export const CALENDAR_FEED_TEXT = {
  title: 'Calendario dei turni',
  intro:
    'Aggiungi i tuoi turni accettati al calendario del telefono o a Google Calendar: si aggiornano da soli, anche quando un turno viene annullato.',
  activeSince: (day: string) =>
    `Link attivo, creato il ${day}. Per sicurezza non lo mostriamo più: se l'hai perso, creane uno nuovo.`,
  none: 'Nessun link attivo.',
  create: 'Crea il link del calendario',
  recreate: 'Crea un nuovo link',
  revoke: 'Disattiva',
  busy: 'Attendere…',
  once: 'Copia il link adesso: non lo mostreremo più. Chi ha il link vede i tuoi turni, quindi non condividerlo.',
  webcalLabel: 'Link per iPhone e app di calendario (webcal)',
  httpsLabel: 'Link per Google Calendar (https)',
  copy: 'Copia',
  copied: 'Link copiato.',
  copyFailed: 'Copia non riuscita: seleziona il link e copialo a mano.',
  howGoogle:
    'Google Calendar (dal computer): nel menu a sinistra, accanto ad «Altri calendari», premi «+», poi «Da URL», incolla il link https e premi «Aggiungi calendario».',
  howIphone:
    "iPhone: tocca «Apri sull'iPhone» oppure vai in Impostazioni › Calendario › Account › Aggiungi account › Altro › Aggiungi calendario sottoscritto e incolla il link webcal.",
  openOnPhone: "Apri sull'iPhone",
  recreateTitle: 'Creare un nuovo link?',
  recreateQuestion:
    'Il link attuale smetterà di funzionare: i calendari che lo usano non si aggiorneranno più finché non aggiungi quello nuovo.',
  revokeTitle: 'Disattivare il link?',
  revokeQuestion: 'I calendari che usano il link non riceveranno più i tuoi turni. Potrai crearne uno nuovo quando vuoi.',
  keep: 'Annulla',
  loadFailed: 'Non è stato possibile leggere lo stato del calendario.',
  failed: "Non è stato possibile completare l'operazione. Riprova.",
} as const;

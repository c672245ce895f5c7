/**
 * The texts of /miei_turni (decision 075), apart from UI_TEXT so the first screen's script does not carry them: only
 * the page imports this (its title by role is in ui-text-shift-links.ts, the profile's calendar in
 * ui-text-calendar-feed.ts).
 */
export const SHIFTS_TEXT = {
  pharmacistIntro:
    "I turni accettati i cui giorni sono arrivati, giorno per giorno, con le ore, la paga oraria e il lordo concordati. Se hai lavorato orari diversi da quelli dell'offerta, correggili: il titolare li conferma o li contesta.",
  ownerIntro:
    'Chi ha lavorato nei turni delle tue offerte e quanto costano, giorno per giorno. Quando un farmacista corregge le ore, confermale o contestale.',
  noHoursNote: "Un giorno senza orario nell'offerta non conta ore finché non lo inserisci tu.",
  noHoursNoteOwner: "Un giorno senza orario nell'offerta non conta ore finché il farmacista non lo inserisce.",
  // The month.
  monthNavigation: 'Scegli il mese',
  previousMonth: 'Mese precedente',
  nextMonth: 'Mese successivo',
  monthHeading: (month: string) => `Turni di ${month}`,
  empty: 'Nessun turno lavorato in questo mese.',
  loadFailed: 'Non è stato possibile caricare i turni. Riprova tra poco.',
  // Totals.
  totalsTitle: 'Totale del mese',
  totalsShifts: 'Turni',
  totalsHours: 'Ore',
  totalsGross: 'Lordo',
  totalsCost: 'Costo lordo',
  daysWithoutHours: (days: number) =>
    days === 1
      ? '1 giorno senza orario: non conta ore finché non viene inserito.'
      : `${days} giorni senza orario: non contano ore finché non vengono inseriti.`,
  // A shift.
  atPharmacy: (pharmacy: string, comune: string) => (comune ? `${pharmacy}, ${comune}` : pharmacy),
  workedBy: (name: string) => `Lavorato da ${name}`,
  hourlyPay: (pay: string) => `Paga oraria: ${pay} €`,
  noHourlyPay: "Paga oraria non indicata nell'offerta: contano solo le ore.",
  dayColumn: 'Giorno',
  hoursColumn: 'Orario',
  workedColumn: 'Ore',
  grossColumn: 'Lordo',
  noHours: 'Orario da indicare',
  corrected: 'corretto',
  offerHours: (hours: string) => `nell'offerta ${hours}`,
  hours: (hours: string) => `${hours} h`,
  euros: (amount: string) => `${amount} €`,
  shiftTotal: 'Totale del turno',
  // The owner's answer, as both sides see it.
  reviewPending: 'Ore corrette: in attesa di conferma del titolare.',
  reviewPendingOwner: 'Il farmacista ha corretto le ore: confermale o contestale.',
  reviewConfirmed: 'Ore corrette confermate dal titolare.',
  reviewDisputed: 'Ore corrette contestate dal titolare.',
  reviewConfirmedOwner: 'Hai confermato le ore corrette.',
  reviewDisputedOwner: 'Hai contestato le ore corrette.',
  reviewNote: (note: string) => `Nota: «${note}»`,
  asOffered: 'Orari come da offerta.',
  // The pharmacist's editor.
  correctUntil: (day: string) => `Puoi correggere le ore fino al ${day}.`,
  correctionClosed: (day: string) => `Le ore si potevano correggere fino al ${day}.`,
  /** The link to the review form of the shift (decision 074). */
  leaveReview: 'Lascia una recensione',
  editHours: 'Modifica orario',
  enterHours: 'Inserisci orario',
  editHoursOf: (day: string) => `Orario del ${day}`,
  startLabel: 'Inizio',
  endLabel: 'Fine',
  nightHint: "Se hai finito dopo mezzanotte, indica l'ora di fine del mattino dopo.",
  save: 'Salva',
  saving: 'Salvataggio…',
  cancel: 'Annulla',
  saveFailed: 'Non è stato possibile salvare le ore. Riprova.',
  // The owner's answer.
  confirm: 'Conferma le ore',
  dispute: 'Contesta',
  disputeNoteLabel: 'Nota per il farmacista',
  disputeNoteHint: 'Obbligatoria per contestare: spiega che cosa non torna.',
  sendDispute: 'Invia la contestazione',
  answerFailed: 'Non è stato possibile inviare la risposta. Riprova.',
  // Downloads.
  downloadsTitle: 'Scarica i turni del mese',
  downloadCsv: 'Scarica CSV',
  downloadPdf: 'Scarica il riepilogo PDF',
  downloading: 'Preparazione…',
  downloadDone: 'Download avviato: trovi il file nella cartella dei download.',
  downloadFailed: 'Non è stato possibile preparare il file. Riprova tra poco.',
  downloadsHint:
    'Il CSV si apre con Excel; il riepilogo PDF è da consegnare al commercialista (importi lordi, non è una busta paga).',
} as const;

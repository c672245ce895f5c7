/**
 * The texts of invitations, double bookings and 'I miei farmacisti' (docs/decisions/071-invitations-double-booking-and-fair-pay.md):
 * the API's answers and the screens', apart from MESSAGES and UI_TEXT so the first page's script does not carry them.
 */
import { formatDate } from './dates';
import { LIMITS } from './limits';

/** An offer's days as a sentence names them: 'il 12/03/2027' or 'dal 12/03/2027 al 14/03/2027'. */
export function offerDaysText(dateFrom: string | null, dateTo: string | null): string {
  if (!dateFrom && !dateTo) return 'senza date';
  if (!dateFrom || !dateTo || dateFrom === dateTo) return `il ${formatDate(dateFrom ?? dateTo)}`;
  return `dal ${formatDate(dateFrom)} al ${formatDate(dateTo)}`;
}

/** The other shift of a double booking, as both sides name it. */
export type TOtherShift = { title: string; pharmacy: string; date_from: string | null; date_to: string | null };
const shiftText = (shift: TOtherShift) =>
  `«${shift.title}» presso ${shift.pharmacy} ${offerDaysText(shift.date_from, shift.date_to)}`;

/** What the API answers (errors and successes) about invitations and favourites. */
export const INVITATION_MESSAGES = {
  messageTooLong: `Il messaggio può avere al massimo ${LIMITS.invitationMessageMaxLength} caratteri.`,
  reasonTooLong: `Il motivo può avere al massimo ${LIMITS.invitationDeclineReasonMaxLength} caratteri.`,
  invitationSent: "Invito inviato: il farmacista riceverà una notifica e un'e-mail.",
  invitationAccepted: 'Invito accettato: il turno è tuo. Trovi la candidatura accettata qui sotto.',
  invitationDeclined: 'Invito rifiutato: il titolare riceverà una notifica.',
  ownerNotVerified:
    'Potrai invitare i farmacisti quando un amministratore avrà verificato la tua farmacia. Di solito entro un giorno lavorativo.',
  pharmacistNotFound: 'Farmacista non trovato.',
  invitationNotFound: 'Invito non trovato.',
  alreadyInvited: 'Hai già invitato questo farmacista a questa offerta.',
  alreadyApplied: 'Questo farmacista si è già candidato a questa offerta: trovi la sua candidatura in «Candidature ricevute».',
  alreadyAnswered: 'Hai già risposto a questo invito.',
  alreadyAccepted: 'La tua candidatura a questa offerta è già stata accettata: la trovi tra le tue candidature.',
  invitationExpired: 'Questo invito è scaduto: il titolare non aspetta più una risposta.',
  offerNotOpen: 'Questa offerta non è più aperta: non si possono più inviare né accettare inviti.',
  applicationRejected: "Il titolare ha già rifiutato la tua candidatura a questa offerta: non puoi accettare l'invito.",
  openPerOfferLimit: (wait: string) =>
    `Questa offerta ha già ${LIMITS.invitationsOpenPerOffer} inviti in attesa di risposta: potrai invitare altri farmacisti quando qualcuno risponde o un invito scade (tra ${wait}).`,
  perOwnerPerDayLimit: (wait: string) =>
    `Puoi inviare al massimo ${LIMITS.invitationsPerOwnerPerDay} inviti in 24 ore: riprova tra ${wait}.`,
  /** 409 double_booked: to the owner who accepts, and to the pharmacist who accepts an invitation. */
  doubleBookedOwner: (shift: TOtherShift) =>
    `Questo farmacista è già impegnato in quei giorni: ha un turno accettato per ${shiftText(shift)}.`,
  doubleBookedPharmacist: (shift: TOtherShift) =>
    `Sei già impegnato/a in quei giorni: hai un turno accettato per ${shiftText(shift)}. Ritira quella candidatura se vuoi accettare questo invito.`,
  /** 409 double_booked to a pharmacist who applies for hours she is already booked for. */
  doubleBookedApplying: (shift: TOtherShift) =>
    `Sei già impegnato/a in quelle ore: hai un turno accettato per ${shiftText(shift)}. Per candidarti a questo, ritira prima quella candidatura.`,
  /** The history's note and the owner's message of an application withdrawn because its pharmacist was booked elsewhere. */
  withdrawnBookedElsewhere: 'Ritirata in automatico: il farmacista è stato confermato per un altro turno negli stessi orari.',
  /** The pharmacist's notification: which of her waiting applications went, and for which shift. */
  withdrawnBookedList: (shift: TOtherShift, withdrawn: TOtherShift[]) =>
    `Sei confermato/a per ${shiftText(shift)}: abbiamo ritirato le tue candidature in attesa per gli stessi orari (${withdrawn
      .map(shiftText)
      .join('; ')}) e avvisato i titolari.`,
  favouriteAdded: 'Aggiunto ai tuoi farmacisti.',
  favouriteRemoved: 'Tolto dai tuoi farmacisti.',
  favouriteNotAllowed: 'Puoi aggiungere ai tuoi farmacisti solo chi si è candidato a una tua offerta o ha lavorato per te.',
  favouriteNotFound: 'Questo farmacista non è tra i tuoi farmacisti.',
  autoInviteMode: 'Scegli chi invitare: «matches» (i farmacisti disponibili) o «favourites_first» (prima i miei farmacisti).',
  autoInviteNeedsDates:
    "Per invitare i farmacisti disponibili indica le date dell'offerta: invitiamo chi è libero in tutti quei giorni.",
  autoInviteDelay: `L'attesa prima di invitare gli altri deve essere un numero intero di ore da ${LIMITS.autoInviteDelayHoursMin} a ${LIMITS.autoInviteDelayHoursMax}.`,
} as const;

/** The mail that puts a shift accepted from an invitation in the pharmacist's calendar (no notification: they chose it). */
export const INVITATION_MAIL_TEXT = {
  shiftConfirmedTitle: 'Turno confermato',
  shiftConfirmedBody: (pharmacy: string, title: string) =>
    `Hai accettato l'invito di ${pharmacy} per «${title}»: il turno è confermato.`,
} as const;

/** The screens' words: the pharmacist's invitations, the owner's invite dialog and lists, 'I miei farmacisti'. */
export const INVITATION_TEXT = {
  // The pharmacist's invitations, on /mie_candidature.
  myInvitationsTitle: 'Inviti ricevuti',
  sentApplicationsTitle: 'Candidature inviate',
  myInvitationsIntro:
    'Le farmacie che ti invitano a lavorare per loro. Se accetti, il turno è tuo: la candidatura risulta subito accettata.',
  myInvitationsEmpty: 'Nessun invito per ora. Quando una farmacia ti invita, lo trovi qui.',
  myInvitationsLoadFailed: 'Non è stato possibile caricare gli inviti.',
  statusLabel: "Stato dell'invito",
  statusNames: { sent: 'Da rispondere', accepted: 'Accettato', declined: 'Rifiutato', expired: 'Scaduto' },
  statusExplained: {
    sent: 'Il titolare aspetta la tua risposta.',
    accepted: 'Hai accettato: la candidatura accettata è tra le tue candidature.',
    declined: 'Hai rifiutato questo invito.',
    expired: 'Il tempo per rispondere è finito.',
  },
  invitedByPlatform: 'Ti ha invitato Farmaponte per conto della farmacia: sei libero/a in quei giorni.',
  ownerMessage: 'Messaggio del titolare',
  yourReason: 'Il tuo motivo',
  answerBy: 'Rispondi entro',
  receivedOn: 'Ricevuto il',
  offerNotOpen: 'Questa offerta non è più aperta: non si può accettare.',
  accept: 'Accetta',
  acceptTitle: 'Accettare il turno?',
  acceptQuestion: (title: string, pharmacy: string) =>
    `Accetti «${title}» presso ${pharmacy}? La candidatura risulterà subito accettata e riceverai per e-mail l'evento da aggiungere al calendario.`,
  acceptBusy: 'Conferma in corso…',
  keep: 'Non ancora',
  decline: 'Rifiuta',
  declineTitle: (title: string) => `Rifiuta l'invito per «${title}»`,
  declineReasonLabel: 'Motivo (facoltativo)',
  declineReasonHint: 'Il titolare lo leggerà.',
  declineConfirm: 'Rifiuta invito',
  declineBusy: 'Invio in corso…',
  /** What each refusal of an answer means, and what to do, under the server's own sentence. */
  refusalExplained: {
    double_booked:
      "Non puoi lavorare in due farmacie nelle stesse ore. Se preferisci questo turno, ritira prima l'altra candidatura.",
    offer_filled: 'Nel frattempo tutti i posti di questa offerta sono stati coperti.',
    offer_not_open: "Nel frattempo il titolare ha chiuso l'offerta, oppure le sue date sono passate.",
    invitation_expired: "Il tempo per rispondere è finito: se ti interessa ancora, cerca l'offerta e candidati.",
    already_answered: 'Hai già risposto a questo invito: aggiorna la pagina per vedere la tua risposta.',
    already_accepted: 'Il titolare ti ha già accettato per questa offerta.',
    application_rejected: 'Il titolare aveva già rifiutato la tua candidatura a questa offerta.',
    cv_missing: 'Per accettare un invito serve il tuo CV: caricalo dalla pagina iniziale, poi accetta di nuovo.',
    email_not_verified: 'Conferma prima il tuo indirizzo e-mail con il link che ti abbiamo inviato.',
  } as Record<string, string>,

  // The owner's invitations of an offer, on /mie_offerte.
  offerInvitationsTitle: (count: number) => (count === 1 ? '1 invito' : `${count} inviti`),
  offerInvitationsShow: 'Inviti inviati',
  offerInvitationsEmpty: 'Nessun invito per questa offerta. Invita i farmacisti dalla pagina «I miei farmacisti».',
  offerInvitationsLoadFailed: 'Non è stato possibile caricare gli inviti di questa offerta.',
  ownerStatusNames: { sent: 'In attesa', accepted: 'Accettato', declined: 'Rifiutato', expired: 'Scaduto' },
  invitedOn: (date: string) => `Invitato il ${date}`,
  invitedByPlatformShort: 'da Farmaponte',
  theirReason: 'Motivo',
  seeApplication: 'Vedi la candidatura',

  // The invite button and dialog (I miei farmacisti, the owners' search).
  inviteButton: 'Invita',
  inviteButtonFor: (name: string) => `Invita ${name}`,
  inviteTitle: (name: string) => `Invita ${name}`,
  inviteIntro: "Riceverà una notifica e una e-mail. Ha 72 ore per rispondere (meno, se l'offerta comincia prima).",
  inviteOfferLabel: 'Offerta',
  inviteOfferChoose: "Scegli un'offerta",
  inviteOfferHint: 'Solo le tue offerte aperte.',
  inviteOfferRequired: "Scegli l'offerta per cui invitare.",
  inviteNoOpenOffers: 'Non hai offerte aperte: pubblicane una, poi torna a invitare.',
  inviteMessageLabel: 'Messaggio (facoltativo)',
  inviteMessageHint: 'Per esempio perché pensi a lui o a lei.',
  inviteSubmit: 'Invia invito',
  inviteBusy: 'Invio in corso…',
  inviteOfferPay: (euros: string) => `Paga dell'offerta: ${euros} €/ora.`,

  // 'I miei farmacisti'.
  favouritesTitle: 'I miei farmacisti',
  favouritesIntro:
    'I farmacisti che hanno lavorato per te o si sono candidati alle tue offerte e che vuoi ritrovare. Puoi invitarli direttamente a una tua offerta aperta.',
  favouritesEmpty: 'Nessun farmacista ancora. Aggiungili con la stella «Aggiungi ai miei farmacisti» nelle candidature ricevute.',
  favouritesLoadFailed: 'Non è stato possibile caricare i tuoi farmacisti.',
  favouritesLink: 'I miei farmacisti',
  favouriteAdd: 'Aggiungi ai miei farmacisti',
  favouriteRemove: 'Togli dai miei farmacisti',
  favouriteRemoveFor: (name: string) => `Togli ${name} dai miei farmacisti`,
  favouriteAddedOn: (date: string) => `Tra i tuoi dal ${date}`,
  lastApplicationLabel: 'Ultima candidatura',
  lastShiftLabel: 'Ultimo turno',
  albo: "Iscrizione all'albo verificata",

  // The owner's application card: a pharmacist already booked on the same days.
  doubleBooked: (shift: TOtherShift) => `Già impegnato/a in quei giorni: ${shiftText(shift)}.`,
  doubleBookedAcceptDisabled: "Non puoi accettare questa candidatura finché il farmacista ha quell'altro turno.",

  // 'Invita i farmacisti disponibili' in the offer dialog.
  autoInviteLabel: 'Invita i farmacisti disponibili',
  autoInviteHint: `Farmaponte invita per te i farmacisti liberi in tutti i giorni dell'offerta, vicini e con la paga che chiedono: fino a ${LIMITS.autoInvitesPerPosition} inviti per posto, e altri quando qualcuno rifiuta o non risponde.`,
  autoInviteModeLabel: 'Chi invitare',
  autoInviteModeMatches: 'I farmacisti disponibili, i verificati e i più vicini per primi',
  autoInviteModeFavourites: 'Prima i miei farmacisti, poi gli altri',
  autoInviteDelayLabel: 'Dopo quante ore invitare anche gli altri',
  autoInviteDelayHint: `Da ${LIMITS.autoInviteDelayHoursMin} a ${LIMITS.autoInviteDelayHoursMax} ore.`,
} as const;

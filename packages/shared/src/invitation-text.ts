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
  favouriteAdded: 'Aggiunto ai tuoi farmacisti.',
  favouriteRemoved: 'Tolto dai tuoi farmacisti.',
  favouriteNotAllowed: 'Puoi aggiungere ai tuoi farmacisti solo chi si è candidato a una tua offerta o ha lavorato per te.',
  favouriteNotFound: 'Questo farmacista non è tra i tuoi farmacisti.',
  autoInviteMode: 'Scegli chi invitare: «matches» (i farmacisti disponibili) o «favourites_first» (prima i miei farmacisti).',
  autoInviteDelay: `L'attesa prima di invitare gli altri deve essere un numero intero di ore da ${LIMITS.autoInviteDelayHoursMin} a ${LIMITS.autoInviteDelayHoursMax}.`,
} as const;

/** The mail that puts a shift accepted from an invitation in the pharmacist's calendar (no notification: they chose it). */
export const INVITATION_MAIL_TEXT = {
  shiftConfirmedTitle: 'Turno confermato',
  shiftConfirmedBody: (pharmacy: string, title: string) =>
    `Hai accettato l'invito di ${pharmacy} per «${title}»: il turno è confermato.`,
} as const;

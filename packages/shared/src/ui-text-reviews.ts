/**
 * What the screens of reviews say (decision 074): the form 'Lascia una recensione', /recensioni and a person's
 * reviews, the rating beside a name. A module of its own: only the pages that show reviews download it.
 */
import { LIMITS } from './limits';

export const REVIEWS_TEXT = {
  title: 'Recensioni',
  intro:
    "Dopo un turno, titolare e farmacista si recensiscono a vicenda entro 14 giorni. Le due recensioni si vedono solo quando le hanno scritte entrambi (o alla scadenza): nessuno legge l'altra prima di scrivere la propria.",
  toWriteTitle: 'Da scrivere',
  toWriteEmpty: 'Nessun turno da recensire in questo momento.',
  receivedTitle: 'Le mie recensioni',
  receivedEmpty: 'Non hai ancora ricevuto recensioni pubblicate.',
  writtenWaiting: "In attesa della recensione dell'altra parte",
  leaveReview: 'Lascia una recensione',
  leaveReviewTo: (who: string) => `Lascia una recensione a ${who}`,
  shiftOf: (title: string) => `Turno: «${title}»`,
  until: (when: string) => `Puoi scriverla fino al ${when}.`,
  rating: 'Voto complessivo',
  stars: (n: number) => (n === 1 ? '1 stella' : `${n} stelle`),
  questions: {
    punctuality: 'Puntualità',
    communication: 'Comunicazione',
    handover: 'Passaggio di consegne',
    would_hire_again: 'Lo richiameresti?',
    welcome: 'Accoglienza',
    task_clarity: 'Chiarezza dei compiti',
    pay_as_agreed: 'Compenso come concordato',
  },
  yes: 'Sì',
  no: 'No',
  comment: 'Commento (facoltativo)',
  commentCount: (n: number) => `${n} / ${LIMITS.reviewCommentMaxLength}`,
  send: 'Invia la recensione',
  sending: 'Invio…',
  chooseRating: 'Scegli un voto da 1 a 5 stelle.',
  sendFailed: 'Non è stato possibile inviare la recensione. Riprova.',
  loadFailed: 'Non è stato possibile caricare le recensioni.',
  reply: 'Rispondi',
  replyLabel: 'La tua risposta',
  replySend: 'Pubblica la risposta',
  replyFrom: 'Risposta:',
  replyFailed: 'Non è stato possibile pubblicare la risposta. Riprova.',
  summary: (average: string, count: number) => `${average} ★ · ${count === 1 ? '1 recensione' : `${count} recensioni`}`,
  summaryLabel: (average: string, count: number) =>
    `Voto medio ${average} su 5, ${count === 1 ? '1 recensione' : `${count} recensioni`}`,
  noReviews: 'Nessuna recensione',
  /** The reliability record beside the rating: shifts completed in 12 months and the share of shifts kept. */
  reliability: (completed: number, percentage: number) =>
    `${completed === 1 ? '1 turno completato' : `${completed} turni completati`} · affidabilità ${percentage}%`,
  userReviewsTitle: 'Recensioni ricevute',
  userReviewsEmpty: 'Nessuna recensione pubblicata.',
  byAuthor: (who: string, when: string) => `${who} · ${when}`,
  report: 'Segnala',
  /** The owner's report of a no-show (decision 074), on an accepted application from the shift's first day. */
  noShow: 'Non si è presentato',
  noShowTitle: 'Segnalare la mancata presenza?',
  noShowQuestion: (who: string) =>
    `${who} non si è presentato al turno? La segnalazione resta nella sua affidabilità per 12 mesi e non si può annullare.`,
  noShowConfirm: 'Segnala mancata presenza',
  noShowBusy: 'Invio…',
  noShowKeep: 'Annulla',
  backToReviews: 'Torna alle recensioni',
} as const;

/**
 * The Italian of reviews (decision 074): the answers of /api/…/review/ and /api/reviews/, the checks of their schemas
 * and what the review form and the lists say. A module of its own, like shift-messages.ts: a lazy page's text is not
 * downloaded by every page.
 */
import { LIMITS } from './limits';

export const REVIEW_MESSAGES = {
  rating: 'Scegli un voto da 1 a 5 stelle.',
  score: 'Scegli un voto da 1 a 5.',
  wouldHireAgain: 'Indica se lo richiameresti.',
  commentTooLong: `Il commento non può superare i ${LIMITS.reviewCommentMaxLength} caratteri.`,
  replyTooLong: `La risposta non può superare i ${LIMITS.reviewReplyMaxLength} caratteri.`,
  replyEmpty: 'Scrivi la tua risposta.',
  hideReason: 'Scrivi il motivo per cui nascondi la recensione.',
  notAccepted: 'Si può lasciare una recensione solo per un turno accettato.',
  withoutDates: "L'offerta non ha date: non c'è un turno da recensire.",
  notYet: (opensAt: string) => `Potrai lasciare una recensione alla fine del turno, dal ${opensAt}.`,
  windowClosed: `Le recensioni si lasciano entro ${LIMITS.reviewWindowDays} giorni dalla fine del turno: il termine è scaduto.`,
  alreadyWritten: 'Hai già lasciato la tua recensione per questo turno.',
  alreadyReplied: 'Hai già risposto a questa recensione.',
  alreadyHidden: 'Questa recensione è già nascosta.',
  reviewNotFound: 'Recensione non trovata.',
  saved: "Recensione inviata: sarà pubblicata quando anche l'altra parte avrà lasciato la sua, o alla scadenza dei 14 giorni.",
  published: "Recensione inviata e pubblicata insieme a quella dell'altra parte.",
  replied: 'Risposta pubblicata.',
  reported: 'Segnalazione inviata: la esamineremo al più presto.',
  hidden: 'Recensione nascosta.',
  waitingForOther: "In attesa della recensione dell'altra parte",
  ownerNotVerified: 'Le recensioni dei farmacisti sono visibili ai titolari verificati.',
} as const;

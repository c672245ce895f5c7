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

/** Reliability (decision 074): late cancellations of an accepted shift and no-shows, and the policy both sides read. */
export const RELIABILITY_MESSAGES = {
  reasonRequired: `Mancano meno di ${LIMITS.lateCancellationDays} giorni al turno: scrivi il motivo dell'annullamento.`,
  reasonTooLong: `Il motivo non può superare i ${LIMITS.cancellationReasonMaxLength} caratteri.`,
  noShowNotAccepted: 'Si può segnalare una mancata presenza solo per una candidatura accettata.',
  noShowWithoutDates: "L'offerta non ha date: non c'è un turno a cui mancare.",
  noShowTooEarly: 'Il turno non è ancora iniziato: potrai segnalare una mancata presenza dal primo giorno.',
  noShowTooLate: `Le mancate presenze si segnalano entro ${LIMITS.reviewWindowDays} giorni dalla fine del turno.`,
  noShowAlreadyReported: 'Hai già segnalato la mancata presenza per questo turno.',
  noShowReported: 'Mancata presenza registrata.',
  /** The policy, in the terms and in the dialog before such a cancellation. */
  policy: `Annullare un turno accettato a meno di ${LIMITS.lateCancellationDays} giorni dal primo giorno richiede un motivo e resta nell'affidabilità di chi annulla per ${LIMITS.reliabilityWindowMonths} mesi (a meno di ${LIMITS.veryLateCancellationHours} ore conta come annullamento all'ultimo momento). Anche una mancata presenza segnalata dal titolare resta nell'affidabilità del farmacista.`,
} as const;

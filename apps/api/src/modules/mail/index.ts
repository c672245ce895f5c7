/** Outgoing mail, for the app and the features that send it: through the outbox (the mailer sends what it claims). */
export { calendarMethod, createMailer, type TMail, type TMailer } from './mailer';
export { createOutboxSender, outboxJob, type TOutboxRound, type TOutboxSender } from './outbox-sender';
export {
  claimDueMails,
  countPendingMails,
  enqueueMail,
  enqueueMails,
  onMailQueued,
  outboxBacklog,
  pruneOldMails,
  type TOutboxMail,
} from './service';

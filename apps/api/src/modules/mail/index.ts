/** Outgoing mail, for the app and the features that send it: direct (password reset) or through the outbox. */
export { createMailer, type TMail, type TMailer } from './mailer';
export { createOutboxSender, outboxJob, type TOutboxRound, type TOutboxSender } from './outbox-sender';
export { claimDueMails, countPendingMails, enqueueMail, outboxBacklog, type TOutboxMail } from './service';

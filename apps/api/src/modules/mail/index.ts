/** Outgoing mail, for the app and the features that send it. */
export { createMailer, type TMail, type TMailer } from './mailer';

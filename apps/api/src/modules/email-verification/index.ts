/** What other features use of e-mail confirmation: the link sent with a new account, the check before applying or publishing. */
export { requireConfirmedEmail, sendConfirmationLink } from './service';

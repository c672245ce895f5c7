/** What other features use of e-mail confirmation: the link sent with a new account (the check before applying or publishing is lib/auth-guard's requireConfirmedEmail). */
export { sendConfirmationLink } from './service';

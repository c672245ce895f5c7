/** What other features and the app use of the sessions feature. */
export { findSession, revokeAllSessions } from './service';

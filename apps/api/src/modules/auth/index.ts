/** What other features and the app use of the sessions feature. */
export {
  accountLimits,
  accountSuspended,
  clearAddressAttempts,
  countAgainstAccount,
  findSession,
  issueTokens,
  revokeAllSessions,
  type TAccountLimits,
  takeAccountAttempt,
} from './service';

/** What other features and the app use of sessions: the login limits, the token pair, a session's user, ending sessions. */
export {
  accountLimits,
  accountSuspended,
  clearAddressAttempts,
  countAgainstAccount,
  findLiveSessions,
  findSession,
  issueTokens,
  revokeAllSessions,
  revokeFamilyOf,
  rotateRefreshToken,
  sessionKey,
  type TAccountLimits,
  type TSessionRef,
  takeAccountAttempt,
} from './service';

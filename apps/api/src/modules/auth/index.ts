/** What other features and the app use of the sessions feature. */
export {
  accountLimits,
  clearAddressAttempts,
  countAgainstAccount,
  findSession,
  issueTokens,
  type TAccountLimits,
  takeAccountAttempt,
} from './service';

/** What other features (and the app) may use of account: creating and finding users, their details, the admin bootstrap. */
export {
  createAccount,
  ensureAdmin,
  findSessionUser,
  findUserByEmail,
  getUserDetails,
  hasNonAdminUsers,
  recordConsent,
  registerAccount,
  type TAccountCreation,
  type TNewAccount,
  type TRegistration,
  toProfileColumns,
  withdrawConsentByUnsubscribe,
} from './service';

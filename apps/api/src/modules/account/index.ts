/** What other features (and the app) may use of account: creating and finding users, their details, the admin bootstrap, a profile save, the erasure. */
export {
  createAccount,
  ensureAdmin,
  eraseAccount,
  findSessionUser,
  findUserByEmail,
  getUserDetails,
  hasNonAdminUsers,
  recordConsent,
  registerAccount,
  type TAccountCreation,
  type TAccountToErase,
  type TNewAccount,
  type TRegistration,
  toProfileColumns,
  updateProfile,
  withdrawConsentByUnsubscribe,
} from './service';

/** What other features (and the app) may use of account: creating and finding users, their details, the admin bootstrap, a profile save, the erasure. */
export { eraseAccount, type TAccountToErase } from './erasure';
export {
  createAccount,
  ensureAdmin,
  registerAccount,
  type TAccountCreation,
  type TNewAccount,
  type TRegistration,
} from './registration';
export {
  findSessionUser,
  findUserByEmail,
  getUserDetails,
  hasNonAdminUsers,
  recordConsent,
  toProfileColumns,
  updateProfile,
} from './service';
export { subscribeAccount } from './subscribers';

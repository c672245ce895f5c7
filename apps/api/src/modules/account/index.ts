/** What other features (and the app) may use of account: creating and finding users, their details, the admin bootstrap. */
export {
  createAccount,
  ensureAdmin,
  findSessionUser,
  findUserByEmail,
  getUserDetails,
  hasNonAdminUsers,
  type TAccountCreation,
  type TNewAccount,
  toProfileColumns,
} from './service';

/** What other features (and the app) may use of account: creating and finding users, their details, the admin bootstrap. */
export {
  countUsers,
  createAccount,
  ensureAdmin,
  findSessionUser,
  findUserByEmail,
  getUserDetails,
  type TNewAccount,
} from './service';

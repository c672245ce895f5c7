/** What other features and the app use of retention: activity at login and refresh, the daily job, and its warning step for the demo (decision 068). */
export { retentionJob, type TRetentionRound } from './job';
export {
  addMonths,
  loginActivity,
  recordLogin,
  type TRetentionSettings,
  touchActivity,
  warnInactiveAccounts,
} from './service';

/** What other features and the app use of retention: activity at login and refresh, and the daily job (decision 068). */
export { retentionJob, type TRetentionRound } from './job';
export { addMonths, loginActivity, recordLogin, touchActivity } from './service';

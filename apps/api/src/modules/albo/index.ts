/** What other features (and the app) may use of albo: the entry's verification row, kept in step, and the yearly job. */
export { alboRecheckJob } from './recheck-job';
export { isDeclared, recordChangedAlboEntry, recordRegisteredAlboEntry, type TAlboEntry } from './service';

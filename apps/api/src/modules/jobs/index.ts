/** The periodic jobs' runner: a feature declares its job (TJob) and exports it; app.ts hands the list to the runner. */
export {
  createJobRunner,
  type TAnyJob,
  type TJob,
  type TJobContext,
  type TJobHealth,
  type TJobLog,
  type TJobRunner,
  type TJobStatus,
} from './runner';
export { DAILY_CHECK_SECONDS, isLate, LATE_AFTER_PERIODS, type TSchedule } from './schedule';
export { jobLockKey } from './service';

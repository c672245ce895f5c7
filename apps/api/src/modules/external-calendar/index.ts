/**
 * What other features may use of a pharmacist's external calendar (decision 096): whether an availability day's part
 * meets one of her busy times (the match of free pharmacists), and the refresh job.
 */
export { calendarRefreshJob } from './refresh-job';
export { PART_HOURS, partIsBusy, type TCalendarDeps } from './service';

/** What the app uses of reviews besides its routes (decision 074): its periodic jobs, and the reminder before a shift. */
export { reviewInvitationsJob, reviewsPublishJob } from './jobs';
export { shiftRemindersJob } from './reminders';

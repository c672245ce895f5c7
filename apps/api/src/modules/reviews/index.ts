/**
 * What the app uses of reviews besides its routes (decision 074): its periodic jobs, the reminder before a shift, and
 * the writing and replying the demo data goes through.
 */
export { reviewInvitationsJob, reviewsPublishJob } from './jobs';
export { shiftRemindersJob } from './reminders';
export { replyToReview, writeReview } from './service';

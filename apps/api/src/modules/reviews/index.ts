/** What the app uses of reviews besides its routes (decision 074): its two periodic jobs. */
export { reviewInvitationsJob, reviewsPublishJob } from './jobs';

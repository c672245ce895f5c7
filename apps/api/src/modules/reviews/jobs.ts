/** The reviews' periodic jobs (decision 074): invitations when a window opens, publication when it closes. */
import type { TDb } from '../../db/client';
import type { TEvents } from '../../lib/event-bus';
import type { TJob } from '../../lib/job';
import { publishClosedReviews, sendReviewInvitations } from './publishing';

/** Every 15 minutes: a review is published at most that long after its window closes. */
const EVERY_SECONDS = 15 * 60;

export function reviewsPublishJob(deps: { db: TDb; events: TEvents }): TJob<{ published: number }> {
  return {
    name: 'reviews-publish',
    every: EVERY_SECONDS,
    // Safe when instances run it at once: each application is published under its locks, only what is still unpublished.
    exclusive: false,
    async run({ now, signal, log }) {
      const published = await publishClosedReviews(deps.db, deps.events, now(), signal);
      if (published) log.info({ published }, 'reviews published at the end of their window');
      return { published };
    },
  };
}

export function reviewInvitationsJob(deps: { db: TDb; events: TEvents }): TJob<{ invited: number }> {
  return {
    name: 'review-invitations',
    every: EVERY_SECONDS,
    // Safe when instances run it at once: the shift_reminders row is inserted once, and only its inserter notifies.
    exclusive: false,
    async run({ now, signal, log }) {
      const invited = await sendReviewInvitations(deps.db, deps.events, now(), signal);
      if (invited) log.info({ invited }, 'review invitations sent');
      return { invited };
    },
  };
}

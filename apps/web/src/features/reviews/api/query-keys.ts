/** Query keys of the reviews (decision 074). */
import { sharedKeys } from '../../../lib/api/query-keys';

export const reviewsKeys = {
  all: ['reviews'] as const,
  /** The shifts the user may review now (also read by the worked shifts and the owner's applications). */
  pending: sharedKeys.pendingReviews,
  /** One application's reviews as the user sees them. */
  application: (applicationId: number) => ['reviews', 'application', applicationId] as const,
  /** A person's published reviews. */
  user: (userId: number) => ['reviews', 'user', userId] as const,
};

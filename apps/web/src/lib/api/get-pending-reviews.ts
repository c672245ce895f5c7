/**
 * GET /api/reviews/pending/: the accepted shifts the user may review now (decision 074), as the server decides them
 * (the window on Rome's clock open, their review not written yet). Read by /recensioni, and by the worked shifts and
 * the owner's applications to show 'Lascia una recensione' only where it can be used.
 */
import type { TPendingReviews } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { sharedKeys } from './query-keys';

export const pendingReviewsQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.pendingReviews,
    queryFn: ({ signal }) => apiRequest<TPendingReviews>('/api/reviews/pending/', { signal }),
  });

export function usePendingReviews() {
  return useQuery(pendingReviewsQueryOptions());
}

const NONE: ReadonlySet<number> = new Set();

/** The ids of the applications the user may review now; none while unknown (or when `enabled` is false). */
export function useReviewableApplications(enabled = true): ReadonlySet<number> {
  const pending = useQuery({
    ...pendingReviewsQueryOptions(),
    enabled,
    select: (answer) => new Set(answer.results.map((review) => review.application_id)),
  });
  return (enabled && pending.data) || NONE;
}

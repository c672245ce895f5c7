/**
 * The reviews' calls (decision 074): one application's reviews (GET /api/applications/{id}/review/), a person's
 * published ones (GET /api/users/{id}/reviews/), writing one (POST /api/applications/{id}/review/) and the subject's
 * reply (POST /api/reviews/{id}/reply/). The shifts to review now, which other screens read too, are in
 * lib/api/get-pending-reviews.ts.
 */
import type { TApplicationReview, TReviewInput, TReviewSaved, TReviewsPage } from '@farmaponte/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewsKeys } from './query-keys';

export function useApplicationReview(applicationId: number | null) {
  return useQuery({
    queryKey: reviewsKeys.application(applicationId ?? 0),
    queryFn: ({ signal }) => apiRequest<TApplicationReview>(`/api/applications/${applicationId}/review/`, { signal }),
    enabled: applicationId !== null,
  });
}

export function useUserReviews(userId: number | null) {
  return useQuery({
    queryKey: reviewsKeys.user(userId ?? 0),
    queryFn: ({ signal }) => apiRequest<TReviewsPage>(`/api/users/${userId}/reviews/?page_size=100`, { signal }),
    enabled: userId !== null,
  });
}

export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, ...review }: { applicationId: number } & TReviewInput) =>
      apiRequest<TReviewSaved>(`/api/applications/${applicationId}/review/`, { method: 'POST', body: review }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKeys.all }),
  });
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: number; reply: string }) =>
      apiRequest<TReviewSaved>(`/api/reviews/${reviewId}/reply/`, { method: 'POST', body: { reply } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKeys.all }),
  });
}

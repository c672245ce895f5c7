/**
 * A person's rating beside their name (decision 074): "4,6 ★ · 12 recensioni", a link to their published reviews, or
 * 'Nessuna recensione'. Shared by the lists where people choose: search rows, application cards, invitations.
 */
import type { TRatingSummary } from '@farmaponte/shared';
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';
import { userReviewsPath } from '../lib/paths';
import { TextLink } from './ui/text-link';

/** 4.5 → '4,5'. */
export const formatRating = (average: number) => average.toFixed(1).replace('.', ',');

export function RatingBadge({ userId, rating, className }: { userId: number; rating: TRatingSummary; className?: string }) {
  if (!rating.count || rating.average === null)
    return <span className={`text-sm text-slate-600 ${className ?? ''}`}>{REVIEWS_TEXT.noReviews}</span>;
  const average = formatRating(rating.average);
  return (
    <TextLink
      to={userReviewsPath(userId)}
      aria-label={REVIEWS_TEXT.summaryLabel(average, rating.count)}
      className={`inline-flex min-h-11 items-center text-sm ${className ?? ''}`}
    >
      {REVIEWS_TEXT.summary(average, rating.count)}
    </TextLink>
  );
}

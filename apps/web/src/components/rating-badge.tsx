/**
 * A person's rating beside their name (decision 074): "4,6 ★ · 12 recensioni", a link to their published reviews, or
 * 'Nessuna recensione'; with a reliability record, the shifts completed in the last 12 months and the share kept.
 * Shared by the lists where people choose: search rows, application cards, invitations.
 */
import type { TRatingSummary, TReliability } from '@farmaponte/shared';
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';
import { userReviewsPath } from '../lib/paths';
import { TextLink } from './ui/text-link';

/** 4.5 → '4,5'. */
export const formatRating = (average: number) => average.toFixed(1).replace('.', ',');

interface TRatingBadgeProps {
  userId: number;
  rating: TRatingSummary;
  reliability?: TReliability;
  className?: string;
}

export function RatingBadge({ userId, rating, reliability, className }: TRatingBadgeProps) {
  const average = rating.average === null ? null : formatRating(rating.average);
  return (
    <p className={`flex flex-wrap items-center gap-x-2 text-sm text-slate-700 ${className ?? ''}`}>
      {rating.count && average !== null ? (
        <TextLink
          to={userReviewsPath(userId)}
          aria-label={REVIEWS_TEXT.summaryLabel(average, rating.count)}
          className="inline-flex min-h-11 items-center"
        >
          {REVIEWS_TEXT.summary(average, rating.count)}
        </TextLink>
      ) : (
        <span>{REVIEWS_TEXT.noReviews}</span>
      )}
      {reliability && reliability.percentage !== null ? (
        <span>{REVIEWS_TEXT.reliability(reliability.completed, reliability.percentage)}</span>
      ) : null}
    </p>
  );
}

/** /recensioni/utente/{id} (decision 074): a person's published reviews with their average, from a rating's link. */
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';
import { useNavigate, useParams } from 'react-router';
import { formatRating } from '../../../components/rating-badge';
import { QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { pageTitle } from '../../../lib/page-title';
import { useUserReviews } from '../api/reviews';
import { ReviewCard } from '../components/review-card';

export function UserReviewsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const reviews = useUserReviews(Number(id) || null);
  const data = reviews.data;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(REVIEWS_TEXT.userReviewsTitle)}</title>
      <button
        type="button"
        onClick={() => navigate(-1)}
        className="inline-flex min-h-11 items-center gap-1 rounded text-base font-semibold text-emerald-800 underline underline-offset-4"
      >
        <span aria-hidden="true">←</span> {REVIEWS_TEXT.backToReviews}
      </button>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{REVIEWS_TEXT.userReviewsTitle}</h1>
      {data?.average != null ? (
        <p className="mt-2 text-lg font-medium text-slate-900">{REVIEWS_TEXT.summary(formatRating(data.average), data.count)}</p>
      ) : null}
      <div className="mt-6 flex flex-col gap-4">
        {reviews.isError ? (
          <QueryLoadError query={reviews} fallback={REVIEWS_TEXT.loadFailed} className="text-base" />
        ) : !data ? (
          <PageSpinner />
        ) : data.results.length ? (
          <ul className="flex flex-col gap-4">
            {data.results.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} canReport />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
            {REVIEWS_TEXT.userReviewsEmpty}
          </p>
        )}
      </div>
    </div>
  );
}

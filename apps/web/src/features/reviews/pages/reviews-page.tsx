/**
 * /recensioni (docs/product.md#reviews, decision 074): the shifts to review now, each with its form (the one named by
 * ?candidatura= first, the link of a worked shift or an accepted application), and 'Le mie recensioni', the published
 * reviews received, each with the reply form.
 */
import type { TApplicationReview } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';
import { useSearchParams } from 'react-router';
import { formatRating } from '../../../components/rating-badge';
import { PageLoadError, QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { usePendingReviews } from '../../../lib/api/get-pending-reviews';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useApplicationReview, useUserReviews } from '../api/reviews';
import { ReviewCard } from '../components/review-card';
import { ReviewForm } from '../components/review-form';

export function ReviewsPage() {
  const details = useUserDetails();
  if (!details.data && details.isError) return <PageLoadError query={details} />;
  if (!details.data) return <PageSpinner />;
  return <Reviews userId={details.data.id} />;
}

function Reviews({ userId }: { userId: number }) {
  const [params] = useSearchParams();
  const asked = Number(params.get('candidatura')) || null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(REVIEWS_TEXT.title)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{REVIEWS_TEXT.title}</h1>
      <p className="mt-2 text-base text-slate-700">{REVIEWS_TEXT.intro}</p>
      <ToWrite asked={asked} />
      <Received userId={userId} />
    </div>
  );
}

/** The shift named by the link (its form, or one's own review waiting), then the others to write. */
function ToWrite({ asked }: { asked: number | null }) {
  const pending = usePendingReviews();
  const named = useApplicationReview(asked);
  const others = (pending.data?.results ?? []).filter((review) => review.application_id !== asked);
  return (
    <section aria-labelledby="reviews-to-write" className="mt-8 flex flex-col gap-4">
      <h2 id="reviews-to-write" className="text-xl font-semibold text-slate-900">
        {REVIEWS_TEXT.toWriteTitle}
      </h2>
      {named.data ? <Named review={named.data} /> : null}
      {pending.isError ? (
        <QueryLoadError query={pending} fallback={REVIEWS_TEXT.loadFailed} className="text-base" />
      ) : !pending.data ? (
        <PageSpinner />
      ) : others.length ? (
        <ul className="flex flex-col gap-4">
          {others.map((review) => (
            <li key={review.application_id}>
              <ReviewForm review={review} />
            </li>
          ))}
        </ul>
      ) : named.data?.can_review ? null : (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
          {REVIEWS_TEXT.toWriteEmpty}
        </p>
      )}
    </section>
  );
}

function Named({ review }: { review: TApplicationReview }) {
  if (review.can_review) return <ReviewForm review={review} />;
  return (
    <div className="flex flex-col gap-3">
      {review.mine ? <ReviewCard review={review.mine} /> : null}
      {review.theirs ? <ReviewCard review={review.theirs} canReply canReport /> : null}
    </div>
  );
}

function Received({ userId }: { userId: number }) {
  const received = useUserReviews(userId);
  const data = received.data;
  return (
    <section aria-labelledby="reviews-received" className="mt-10 flex flex-col gap-4">
      <h2 id="reviews-received" className="text-xl font-semibold text-slate-900">
        {REVIEWS_TEXT.receivedTitle}
      </h2>
      {data?.average != null ? (
        <p className="text-base font-medium text-slate-900">{REVIEWS_TEXT.summary(formatRating(data.average), data.count)}</p>
      ) : null}
      {received.isError ? (
        <QueryLoadError query={received} fallback={REVIEWS_TEXT.loadFailed} className="text-base" />
      ) : !data ? (
        <PageSpinner />
      ) : data.results.length ? (
        <ul className="flex flex-col gap-4">
          {data.results.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} canReply canReport />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
          {REVIEWS_TEXT.receivedEmpty}
        </p>
      )}
    </section>
  );
}

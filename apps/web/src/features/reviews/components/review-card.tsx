/** One published review: its author, stars, answers, comment, and the subject's reply (or, for the subject, the form). */
import type { TReview } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';
import { type FormEvent, useId, useState } from 'react';
import { ReportButton } from '../../../components/report-button';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/field';
import { Stars } from '../../../components/ui/stars';
import { formatDate } from '../../../lib/dates';
import { errorMessage, notify } from '../../../lib/notify';
import { useReplyToReview } from '../api/reviews';

const ANSWERS = ['punctuality', 'communication', 'handover', 'welcome', 'task_clarity', 'pay_as_agreed'] as const;

export function ReviewCard({
  review,
  canReply = false,
  canReport = false,
}: {
  review: TReview;
  canReply?: boolean;
  /** 'Segnala' on a published review of someone else's (decision 074). */
  canReport?: boolean;
}) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={titleId} className="break-words text-base font-semibold text-slate-900">
        {REVIEWS_TEXT.byAuthor(review.author_name, formatDate(review.published_at ?? review.created_at))}
      </h3>
      <p className="text-sm text-slate-700">{REVIEWS_TEXT.shiftOf(review.offer_title)}</p>
      <p className="mt-1 text-2xl leading-none">
        <Stars value={review.rating} />
      </p>
      {review.published_at === null ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">{REVIEWS_TEXT.writtenWaiting}</p>
      ) : null}
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {ANSWERS.filter((key) => review[key] !== null).map((key) => (
          <div key={key} className="flex justify-between gap-2">
            <dt className="text-slate-700">{REVIEWS_TEXT.questions[key]}</dt>
            <dd>
              <Stars value={review[key] ?? 0} />
            </dd>
          </div>
        ))}
        {review.would_hire_again !== null ? (
          <div className="flex justify-between gap-2">
            <dt className="text-slate-700">{REVIEWS_TEXT.questions.would_hire_again}</dt>
            <dd className="font-medium">{review.would_hire_again ? REVIEWS_TEXT.yes : REVIEWS_TEXT.no}</dd>
          </div>
        ) : null}
      </dl>
      {review.comment ? <p className="mt-3 whitespace-pre-line break-words text-base text-slate-900">{review.comment}</p> : null}
      {canReport && review.published_at ? (
        <ReportButton targetType="user" targetId={review.id} reviewId={review.id} name={review.author_name} />
      ) : null}
      {review.reply ? (
        <div className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-900">{REVIEWS_TEXT.replyFrom}</p>
          <p className="whitespace-pre-line break-words text-slate-800">{review.reply}</p>
        </div>
      ) : canReply && review.published_at ? (
        <ReplyForm reviewId={review.id} />
      ) : null}
    </article>
  );
}

function ReplyForm({ reviewId }: { reviewId: number }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const reply = useReplyToReview();
  if (!open)
    return (
      <Button variant="secondary" className="mt-3 self-start" onClick={() => setOpen(true)}>
        {REVIEWS_TEXT.reply}
      </Button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate({ reviewId, reply: text.trim() }, { onSuccess: (saved) => notify.success(saved.message) });
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-2">
      <TextareaField
        label={REVIEWS_TEXT.replyLabel}
        value={text}
        required
        maxLength={LIMITS.reviewReplyMaxLength}
        onChange={(event) => setText(event.target.value)}
        hint={<span aria-live="polite">{`${text.length} / ${LIMITS.reviewReplyMaxLength}`}</span>}
        error={reply.isError ? errorMessage(reply.error, REVIEWS_TEXT.replyFailed) : undefined}
      />
      <Button type="submit" loading={reply.isPending} className="self-start">
        {REVIEWS_TEXT.replySend}
      </Button>
    </form>
  );
}

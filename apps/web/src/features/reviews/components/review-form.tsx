/**
 * 'Lascia una recensione' (decision 074): the overall stars, the questions of the author's side (the owner's about the
 * pharmacist, the pharmacist's about the pharmacy), an optional comment with its counter. The server checks the same
 * rules (ZReviewInputSchema) and the window.
 */
import type { TApplicationReview, TReviewInput } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/field';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage, notify } from '../../../lib/notify';
import { useWriteReview } from '../api/reviews';
import { StarInput } from './star-input';

type TScores = Partial<
  Record<'punctuality' | 'communication' | 'handover' | 'welcome' | 'task_clarity' | 'pay_as_agreed', number>
>;

const OWNER_SCORES = ['punctuality', 'communication', 'handover'] as const;
const PHARMACIST_SCORES = ['welcome', 'task_clarity', 'pay_as_agreed'] as const;

export function ReviewForm({ review }: { review: TApplicationReview }) {
  const titleId = useId();
  const hireId = useId();
  const [rating, setRating] = useState<number>();
  const [scores, setScores] = useState<TScores>({});
  const [hireAgain, setHireAgain] = useState<boolean>();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string>();
  const write = useWriteReview();
  const owner = review.my_role === 'titolare';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!rating) {
      setProblem(REVIEWS_TEXT.chooseRating);
      return;
    }
    setProblem(undefined);
    const body: TReviewInput = { rating, comment: comment.trim() || undefined, ...scores };
    if (owner && hireAgain !== undefined) body.would_hire_again = hireAgain;
    write.mutate({ applicationId: review.application_id, ...body }, { onSuccess: (saved) => notify.success(saved.message) });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h3 id={titleId} className="break-words text-lg font-semibold text-slate-900">
          {REVIEWS_TEXT.leaveReviewTo(review.subject.name)}
        </h3>
        <p className="text-sm text-slate-700">{REVIEWS_TEXT.shiftOf(review.offer_title)}</p>
        {review.closes_at ? (
          <p className="text-xs text-slate-600">{REVIEWS_TEXT.until(formatDateTime(review.closes_at))}</p>
        ) : null}
      </div>
      <StarInput legend={REVIEWS_TEXT.rating} value={rating} onChange={setRating} required error={problem} />
      {(owner ? OWNER_SCORES : PHARMACIST_SCORES).map((key) => (
        <StarInput
          key={key}
          legend={REVIEWS_TEXT.questions[key]}
          value={scores[key]}
          onChange={(value) => setScores((current) => ({ ...current, [key]: value }))}
        />
      ))}
      {owner ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-base font-medium text-slate-900">{REVIEWS_TEXT.questions.would_hire_again}</legend>
          <div className="flex gap-4">
            {[true, false].map((answer) => (
              <label key={String(answer)} className="flex min-h-11 items-center gap-2 text-base">
                <input
                  type="radio"
                  name={hireId}
                  checked={hireAgain === answer}
                  onChange={() => setHireAgain(answer)}
                  className="size-5 accent-emerald-700"
                />
                {answer ? REVIEWS_TEXT.yes : REVIEWS_TEXT.no}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <TextareaField
        label={REVIEWS_TEXT.comment}
        value={comment}
        maxLength={LIMITS.reviewCommentMaxLength}
        onChange={(event) => setComment(event.target.value)}
        hint={<span aria-live="polite">{REVIEWS_TEXT.commentCount(comment.length)}</span>}
      />
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {write.isError ? errorMessage(write.error, REVIEWS_TEXT.sendFailed) : ''}
      </p>
      <Button type="submit" loading={write.isPending} className="self-start">
        {write.isPending ? REVIEWS_TEXT.sending : REVIEWS_TEXT.send}
      </Button>
    </form>
  );
}

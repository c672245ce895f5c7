/**
 * The owner's answer to a pharmacist's corrected hours: 'Conferma le ore', or 'Contesta' with a note (required). The
 * answer names the correction the owner saw, so a newer one is not confirmed unseen.
 */
import { type TWorkedShift, ZHoursReviewInputSchema } from '@farmaponte/shared';
import { SHIFTS_TEXT } from '@farmaponte/shared/ui-text-shifts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { useReviewWorkedHours } from '../api/review-worked-hours';

export function HoursReview({ shift }: { shift: TWorkedShift }) {
  const formId = useId();
  const [disputing, setDisputing] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ note?: string; form?: string }>({});
  const disputeRef = useRef<HTMLButtonElement>(null);
  const answer = useReviewWorkedHours();
  const correctedAt = shift.review?.corrected_at;

  async function send(status: 'confirmed' | 'disputed') {
    const parsed = ZHoursReviewInputSchema.safeParse({
      status,
      note: status === 'disputed' ? note : '',
      corrected_at: correctedAt,
    });
    if (!parsed.success) {
      setErrors({ note: parsed.error.issues.find((issue) => issue.path[0] === 'note')?.message });
      return;
    }
    setErrors({});
    try {
      const saved = await answer.mutateAsync({ applicationId: shift.application_id, ...parsed.data });
      notify.success(saved.message);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setErrors({ note: fields.note, form: fields.note ? undefined : errorMessage(error, SHIFTS_TEXT.answerFailed) });
    }
  }

  function submitDispute(event: FormEvent) {
    event.preventDefault();
    void send('disputed');
  }

  return (
    <div className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-3">
      <p className="text-sm font-medium text-amber-950">{SHIFTS_TEXT.reviewPendingOwner}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button loading={answer.isPending && !disputing} disabled={answer.isPending} onClick={() => void send('confirmed')}>
          {SHIFTS_TEXT.confirm}
        </Button>
        <Button
          ref={disputeRef}
          variant="secondary"
          aria-expanded={disputing}
          aria-controls={formId}
          disabled={answer.isPending}
          onClick={() => setDisputing((open) => !open)}
        >
          {SHIFTS_TEXT.dispute}
        </Button>
      </div>
      {disputing ? (
        <form
          id={formId}
          noValidate
          onSubmit={submitDispute}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setDisputing(false);
              disputeRef.current?.focus();
            }
          }}
          className="mt-3"
        >
          <TextareaField
            label={SHIFTS_TEXT.disputeNoteLabel}
            hint={SHIFTS_TEXT.disputeNoteHint}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={errors.note}
            required
            className="[&_textarea]:min-h-24"
            autoFocus
          />
          <Button type="submit" variant="danger" className="mt-3" loading={answer.isPending}>
            {SHIFTS_TEXT.sendDispute}
          </Button>
        </form>
      ) : null}
      <p role="alert" className="mt-2 text-sm font-medium text-red-700 empty:hidden">
        {errors.form ?? ''}
      </p>
    </div>
  );
}

/**
 * The pharmacist's hours of one day, as a small form opened from the day's row: start and end (an end before the
 * start is the next morning), checked by the same schema as the API, the API's field messages beside each field.
 */
import { type TWorkedDay, ZWorkedHoursInputSchema } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { SHIFTS_TEXT } from '@farmaponte/shared/ui-text-shifts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { useCorrectWorkedHours } from '../api/correct-worked-hours';

export function DayHoursEditor({
  applicationId,
  day,
  offerHours,
}: {
  applicationId: number;
  day: TWorkedDay;
  /** The offer's hours, the form's start when the day has none of its own. */
  offerHours: { start: string | null; end: string | null };
}) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<{ start?: string; end?: string; form?: string }>({});
  const toggleRef = useRef<HTMLButtonElement>(null);
  const save = useCorrectWorkedHours();
  const dayText = formatDate(day.date);

  function openForm() {
    setStart(day.start_time ?? offerHours.start ?? '');
    setEnd(day.end_time ?? offerHours.end ?? '');
    setErrors({});
    setOpen(true);
  }

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZWorkedHoursInputSchema.safeParse({ days: [{ date: day.date, start_time: start, end_time: end }] });
    if (!parsed.success) {
      const byField = (name: string) => parsed.error.issues.find((issue) => issue.path.at(-1) === name)?.message;
      setErrors({ start: byField('start_time'), end: byField('end_time'), form: byField('date') });
      return;
    }
    try {
      const answer = await save.mutateAsync({ applicationId, ...parsed.data });
      notify.success(answer.message);
      close();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setErrors({
        start: fields['days.0.start_time'],
        end: fields['days.0.end_time'],
        form: fields['days.0.start_time'] || fields['days.0.end_time'] ? undefined : errorMessage(error, SHIFTS_TEXT.saveFailed),
      });
    }
  }

  return (
    <div className="w-full">
      <Button
        ref={toggleRef}
        variant="ghost"
        className="-ml-2 px-2 text-emerald-800 underline-offset-2 hover:underline"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => (open ? close() : openForm())}
      >
        {day.start_time ? SHIFTS_TEXT.editHours : SHIFTS_TEXT.enterHours}
        <span className="sr-only"> {dayText}</span>
      </Button>
      {open ? (
        <form
          id={formId}
          aria-label={SHIFTS_TEXT.editHoursOf(dayText)}
          noValidate
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-3"
        >
          <div className="grid grid-cols-2 gap-3">
            <TextField
              type="time"
              label={SHIFTS_TEXT.startLabel}
              value={start}
              onChange={(event) => setStart(event.target.value)}
              error={errors.start}
              required
              autoFocus
            />
            <TextField
              type="time"
              label={SHIFTS_TEXT.endLabel}
              value={end}
              onChange={(event) => setEnd(event.target.value)}
              error={errors.end}
              required
            />
          </div>
          <p className="mt-2 text-xs text-slate-600">{SHIFTS_TEXT.nightHint}</p>
          <p role="alert" className="mt-2 text-sm font-medium text-red-700 empty:hidden">
            {errors.form ?? ''}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? SHIFTS_TEXT.saving : SHIFTS_TEXT.save}
            </Button>
            <Button variant="secondary" onClick={close} disabled={save.isPending}>
              {SHIFTS_TEXT.cancel}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

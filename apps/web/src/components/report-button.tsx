/**
 * 'Segnala' (decision 062): a small button that opens a dialog with the reason (radio buttons), the details (required
 * for 'Altro') and, once sent, the confirmation. The server checks the same rules (ZReportInputSchema).
 */
import type { TReportReason, TReportTargetType } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useCreateReport } from '../lib/api/create-report';
import { errorMessage } from '../lib/notify';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { TextareaField } from './ui/field';

/** The reasons in the order the API lists them (REPORT_REASONS), read from their labels to keep zod out of the bundle. */
const REASONS = Object.keys(UI_TEXT.reportReasons) as TReportReason[];

interface TReportButtonProps {
  targetType: TReportTargetType;
  targetId: number;
  /** What the button's accessible name says it reports: the offer's title or the person's name. */
  name: string;
  /** A message of an application's thread: the person reported is its author, and the desk reads the message. */
  messageId?: number;
  /** A review (decision 074): the person reported is its author, and the desk reads the review. */
  reviewId?: number;
  className?: string;
}

export function ReportButton({ targetType, targetId, name, messageId, reviewId, className }: TReportButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const label = targetType === 'offer' ? UI_TEXT.reportOfferLabel(name) : UI_TEXT.reportUserLabel(name);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        onClick={() => setOpen(true)}
        className={
          className ??
          'inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-emerald-700'
        }
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M5 21V4m0 0h11l-2 4 2 4H5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {UI_TEXT.report}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={targetType === 'offer' ? UI_TEXT.reportOfferTitle : UI_TEXT.reportUserTitle}
        description={UI_TEXT.reportIntro}
        returnFocusRef={buttonRef}
      >
        {open ? (
          <ReportForm
            targetType={targetType}
            targetId={targetId}
            messageId={messageId}
            reviewId={reviewId}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function ReportForm({
  targetType,
  targetId,
  messageId,
  reviewId,
  onClose,
}: {
  targetType: TReportTargetType;
  targetId: number;
  messageId?: number;
  reviewId?: number;
  onClose: () => void;
}) {
  const name = useId();
  const [reason, setReason] = useState<TReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string; form?: string }>({});
  const [sent, setSent] = useState<string | null>(null);
  const create = useCreateReport();
  const reasonError = `${name}-errore`;

  if (sent)
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-base text-emerald-900">
          {sent}
        </p>
        <Button variant="secondary" onClick={onClose} className="self-end">
          {UI_TEXT.close}
        </Button>
      </div>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setErrors({ reason: MESSAGES.reportReasonInvalid });
    if (reason === 'other' && !details.trim()) return setErrors({ details: MESSAGES.reportDetailsRequired });
    setErrors({});
    try {
      const answer = await create.mutateAsync({
        target_type: targetType,
        target_id: targetId,
        reason,
        details: details.trim() || undefined,
        message_id: messageId,
        review_id: reviewId,
      });
      setSent(answer.message);
    } catch (error) {
      setErrors({ form: errorMessage(error, MESSAGES.serverError) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset aria-describedby={errors.reason ? reasonError : undefined} className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">{UI_TEXT.reportReasonLegend}</legend>
        {REASONS.map((value) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-800">
            <input
              type="radio"
              name={name}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className="size-5 accent-emerald-700"
            />
            {UI_TEXT.reportReasons[value]}
          </label>
        ))}
        {errors.reason ? (
          <p id={reasonError} className="text-sm text-red-800">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        label={UI_TEXT.reportDetailsLabel}
        hint={UI_TEXT.reportDetailsHint}
        required={reason === 'other'}
        maxLength={LIMITS.reportDetailsMaxLength}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
        error={errors.details}
      />
      {errors.form ? (
        <p role="alert" className="text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" type="button" onClick={onClose}>
          {UI_TEXT.cancel}
        </Button>
        <Button type="submit" variant="danger" loading={create.isPending}>
          {create.isPending ? UI_TEXT.reportSending : UI_TEXT.reportSend}
        </Button>
      </div>
    </form>
  );
}

/**
 * One worked shift on /miei_turni: the offer and the pharmacy (the pharmacist, for the owner), the hourly pay, each day
 * with its hours, hours worked and gross, the shift's total and the owner's answer to corrected hours. The pharmacist
 * corrects a day's hours while the window is open; the owner answers a correction waiting for them. A freelance shift
 * of the pharmacist's shows its contract's status and the link to it (decision 093). The pay of the hours worked,
 * hour by hour with the travel and the lodging, at the terms a negotiation settled (decision 094). How its hours close and
 * its expenses (decision 095).
 */
import type { TWorkedShift } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { formatAmount, formatHours } from '@farmaponte/shared/italian-figures';
import { DEAL_TEXT } from '@farmaponte/shared/ui-text-deal';
import { SHIFTS_TEXT } from '@farmaponte/shared/ui-text-shifts';
import { useId } from 'react';
import { ContractLine } from '../../../components/contract-line';
import { PayBreakdown } from '../../../components/pay-breakdown';
import { TextLink } from '../../../components/ui/text-link';
import { writeReviewPath } from '../../../lib/paths';
import { DayHoursEditor } from './day-hours-editor';
import { HoursClosing } from './hours-closing';
import { HoursReview } from './hours-review';
import { ShiftExpenses } from './shift-expenses';

function ReviewState({ shift, side }: { shift: TWorkedShift; side: 'mine' | 'owner' }) {
  const { review } = shift;
  if (!review) return <p className="mt-3 text-sm text-slate-600">{SHIFTS_TEXT.asOffered}</p>;
  if (review.status === 'pending' && side === 'owner') return <HoursReview shift={shift} />;
  const owner = side === 'owner';
  const look = {
    pending: ['border-amber-200 bg-amber-50 text-amber-950', SHIFTS_TEXT.reviewPending],
    confirmed: [
      'border-emerald-200 bg-emerald-50 text-emerald-950',
      owner ? SHIFTS_TEXT.reviewConfirmedOwner : SHIFTS_TEXT.reviewConfirmed,
    ],
    disputed: ['border-red-200 bg-red-50 text-red-900', owner ? SHIFTS_TEXT.reviewDisputedOwner : SHIFTS_TEXT.reviewDisputed],
  }[review.status];
  return (
    <div className={`mt-3 rounded-xl border p-3 text-sm ${look[0]}`}>
      <p className="font-medium">{look[1]}</p>
      {review.note ? <p className="mt-1 whitespace-pre-line break-words">{SHIFTS_TEXT.reviewNote(review.note)}</p> : null}
    </div>
  );
}

export function WorkedShiftCard({
  shift,
  side,
  reviewable = false,
  freelance = false,
}: {
  shift: TWorkedShift;
  side: 'mine' | 'owner';
  /** She was taken on as a freelancer: the shift has a contract. */
  freelance?: boolean;
  /** The server would take this side's review of the shift now (GET /api/reviews/pending/ names it, decision 074). */
  reviewable?: boolean;
}) {
  const titleId = useId();
  const pay = shift.pay.hourly;
  const editable = side === 'mine' && shift.can_correct;
  const who = `${shift.pharmacist.name} ${shift.pharmacist.surname}`.trim();
  const offerHours = shift.offer.start_time && shift.offer.end_time ? `${shift.offer.start_time}–${shift.offer.end_time}` : null;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={titleId} className="break-words text-lg font-semibold text-slate-900">
        {shift.offer.title}
      </h3>
      <p className="text-sm font-medium text-emerald-800">
        {side === 'owner' ? SHIFTS_TEXT.workedBy(who) : SHIFTS_TEXT.atPharmacy(shift.pharmacy.name, shift.pharmacy.comune)}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {pay === null ? SHIFTS_TEXT.noHourlyPay : SHIFTS_TEXT.hourlyPay(formatAmount(pay))}
      </p>
      {freelance && side === 'mine' ? <ContractLine applicationId={shift.application_id} /> : null}
      <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
        {shift.days.map((day) => (
          <li key={day.date} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                <span className="sr-only">{SHIFTS_TEXT.dayColumn}: </span>
                {formatDate(day.date)}
              </p>
              <p className="text-sm text-slate-700">
                <span className="sr-only">{SHIFTS_TEXT.hoursColumn}: </span>
                {day.start_time ? (
                  `${day.start_time}–${day.end_time}`
                ) : (
                  <span className="text-amber-900">{SHIFTS_TEXT.noHours}</span>
                )}
                {day.corrected ? (
                  <span className="ml-2 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">
                    {SHIFTS_TEXT.corrected}
                  </span>
                ) : null}
                {day.corrected && offerHours ? (
                  <span className="block text-xs text-slate-600">{SHIFTS_TEXT.offerHours(offerHours)}</span>
                ) : null}
              </p>
            </div>
            <div className="text-right text-sm">
              <p className="font-medium text-slate-900">
                <span className="sr-only">{SHIFTS_TEXT.workedColumn}: </span>
                {SHIFTS_TEXT.hours(formatHours(day.minutes))}
              </p>
              {day.gross !== null ? (
                <p className="text-slate-700">
                  <span className="sr-only">{SHIFTS_TEXT.grossColumn}: </span>
                  {SHIFTS_TEXT.euros(formatAmount(day.gross))}
                </p>
              ) : null}
            </div>
            {editable ? (
              <DayHoursEditor
                applicationId={shift.application_id}
                day={day}
                offerHours={{ start: shift.offer.start_time, end: shift.offer.end_time }}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-3 flex flex-wrap justify-between gap-x-4 text-base font-semibold text-slate-900">
        <span>{SHIFTS_TEXT.shiftTotal}</span>
        <span>
          {SHIFTS_TEXT.hours(formatHours(shift.minutes))}
          {shift.gross !== null ? ` · ${SHIFTS_TEXT.euros(formatAmount(shift.gross))}` : ''}
        </span>
      </p>
      <PayBreakdown
        pay={shift.pay}
        title={DEAL_TEXT.workedPayTitle}
        agreed={shift.pay.agreed}
        className="mt-3"
        testId="compenso-turno"
      />
      <ReviewState shift={shift} side={side} />
      <HoursClosing shift={shift} side={side} />
      <ShiftExpenses shift={shift} side={side} />
      {reviewable ? (
        <TextLink to={writeReviewPath(shift.application_id)} className="mt-2 inline-flex min-h-11 items-center text-base">
          {SHIFTS_TEXT.leaveReview}
        </TextLink>
      ) : null}
      {side === 'mine' ? (
        <p className="mt-2 text-xs text-slate-600">
          {shift.can_correct
            ? SHIFTS_TEXT.correctUntil(formatDate(shift.correctable_until))
            : SHIFTS_TEXT.correctionClosed(formatDate(shift.correctable_until))}
        </p>
      ) : null}
    </article>
  );
}

/**
 * How a worked shift's hours close (decision 095): their state ('Ore in corso', 'Da confermare', 'Contestate',
 * confirmed by the pharmacy or automatically on a day), the day they confirm themselves while open, the invoice that
 * bills them. The owner confirms here hours never corrected once the shift is over, or hours disputed before
 * (corrected ones waiting for an answer have HoursReview).
 */
import type { TWorkedShift } from '@farmaponte/shared';
import { formatDate, todayInItaly } from '@farmaponte/shared/dates';
import { EXPENSES_TEXT as T } from '@farmaponte/shared/ui-text-expenses';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage, notify } from '../../../lib/notify';
import { useReviewWorkedHours } from '../api/review-worked-hours';

/** The state's words: a confirmation says by whom, or on which day the clock gave it. */
export function hoursStateLabel(closing: TWorkedShift['closing']): string {
  if (closing.state !== 'confermate') return T.hoursStates[closing.state];
  return closing.confirmed_by === 'automatica'
    ? T.confirmedAutomatically(formatDate(closing.confirms_on))
    : T.confirmedByPharmacy;
}

/** Whether the owner may confirm the hours here: over and never corrected, or disputed; never once invoiced. */
export function ownerMayConfirm(shift: TWorkedShift, today: string): boolean {
  const { closing } = shift;
  if (closing.invoice) return false;
  const lastDay = shift.offer.date_to ?? shift.offer.date_from ?? today;
  return (closing.state === 'in_corso' && !shift.review && lastDay <= today) || closing.state === 'contestate';
}

export function HoursClosing({ shift, side }: { shift: TWorkedShift; side: 'mine' | 'owner' }) {
  const { closing } = shift;
  const confirm = useReviewWorkedHours();
  const [problem, setProblem] = useState('');
  const open = closing.state === 'in_corso' || closing.state === 'da_confermare';
  const confirmable = side === 'owner' && ownerMayConfirm(shift, todayInItaly());

  async function confirmHours() {
    setProblem('');
    try {
      const saved = await confirm.mutateAsync({
        applicationId: shift.application_id,
        status: 'confirmed',
        note: '',
        corrected_at: shift.review?.corrected_at,
      });
      notify.success(saved.message);
    } catch (error) {
      setProblem(errorMessage(error, T.answerFailed));
    }
  }

  return (
    <div className="mt-3 text-sm" data-testid="stato-ore">
      <p>
        <span className="font-medium text-slate-900">{T.hoursTitle}: </span>
        <span className={closing.state === 'confermate' ? 'font-semibold text-emerald-800' : 'font-semibold text-slate-900'}>
          {hoursStateLabel(closing)}
        </span>
        {closing.invoice ? <span className="ml-2 text-slate-700">· {T.invoiced(closing.invoice.number)}</span> : null}
      </p>
      {open ? (
        <p className="text-slate-700">{(side === 'owner' ? T.confirmsOnOwner : T.confirmsOn)(formatDate(closing.confirms_on))}</p>
      ) : null}
      {side === 'mine' && closing.invoiceable ? <p className="text-emerald-800">{T.invoiceable}</p> : null}
      {confirmable ? (
        <div className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-3">
          <p className="text-slate-800">{closing.state === 'contestate' ? T.ownerDisputedHint : T.ownerConfirmHint}</p>
          <Button className="mt-2" loading={confirm.isPending} onClick={() => void confirmHours()}>
            {T.confirmHours}
          </Button>
        </div>
      ) : null}
      <p role="alert" className="mt-1 font-medium text-red-700 empty:hidden">
        {problem}
      </p>
    </div>
  );
}

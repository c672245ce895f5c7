/** The month's totals: shifts, hours and gross (the owner's cost), and the days still without hours. */
import type { TWorkedShiftMonth } from '@farmaponte/shared';
import { formatAmount, formatHours } from '@farmaponte/shared/italian-figures';
import { SHIFTS_TEXT } from '@farmaponte/shared/ui-text-shifts';
import { FiguresCard } from '../../../components/ui/figures-card';

export function MonthTotals({ totals, side }: { totals: TWorkedShiftMonth['totals']; side: 'mine' | 'owner' }) {
  const figures: [string, string][] = [
    [SHIFTS_TEXT.totalsShifts, String(totals.shifts)],
    [SHIFTS_TEXT.totalsHours, SHIFTS_TEXT.hours(formatHours(totals.minutes))],
    [side === 'owner' ? SHIFTS_TEXT.totalsCost : SHIFTS_TEXT.totalsGross, SHIFTS_TEXT.euros(formatAmount(totals.gross))],
  ];
  return (
    <FiguresCard id="month-totals-title" title={SHIFTS_TEXT.totalsTitle} figures={figures}>
      {totals.days_without_hours ? (
        <p className="mt-2 text-sm text-amber-900">{SHIFTS_TEXT.daysWithoutHours(totals.days_without_hours)}</p>
      ) : null}
    </FiguresCard>
  );
}

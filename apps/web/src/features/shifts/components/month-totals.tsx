/** The month's totals: shifts, hours and gross (the owner's cost), and the days still without hours. */
import type { TWorkedShiftMonth } from '@farmaponte/shared';
import { formatAmount, formatHours } from '@farmaponte/shared/italian-figures';
import { SHIFTS_TEXT } from '@farmaponte/shared/ui-text-shifts';

export function MonthTotals({ totals, side }: { totals: TWorkedShiftMonth['totals']; side: 'mine' | 'owner' }) {
  const figures: [string, string][] = [
    [SHIFTS_TEXT.totalsShifts, String(totals.shifts)],
    [SHIFTS_TEXT.totalsHours, SHIFTS_TEXT.hours(formatHours(totals.minutes))],
    [side === 'owner' ? SHIFTS_TEXT.totalsCost : SHIFTS_TEXT.totalsGross, SHIFTS_TEXT.euros(formatAmount(totals.gross))],
  ];
  return (
    <section aria-labelledby="month-totals-title" className="rounded-2xl border border-emerald-100 bg-emerald-50 p-4 sm:p-5">
      <h2 id="month-totals-title" className="text-base font-semibold text-emerald-900">
        {SHIFTS_TEXT.totalsTitle}
      </h2>
      <dl className="mt-2 grid grid-cols-3 gap-3">
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 sm:text-xl">{value}</dd>
          </div>
        ))}
      </dl>
      {totals.days_without_hours ? (
        <p className="mt-2 text-sm text-amber-900">{SHIFTS_TEXT.daysWithoutHours(totals.days_without_hours)}</p>
      ) : null}
    </section>
  );
}

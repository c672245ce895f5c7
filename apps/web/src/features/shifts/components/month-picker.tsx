/** The month shown on /miei_turni, with the months before and after it (not past the current one). */
import { SHIFT_DOCUMENT_TEXT } from '@farmaponte/shared/shift-messages';
import { SHIFTS_TEXT } from '@farmaponte/shared/ui-text-shifts';
import { Button } from '../../../components/ui/button';
import { isAfter, shiftMonth, type TMonth } from '../lib/month';

export function MonthPicker({ month, current, onChange }: { month: TMonth; current: TMonth; onChange: (month: TMonth) => void }) {
  const next = shiftMonth(month, 1);
  return (
    <nav aria-label={SHIFTS_TEXT.monthNavigation} className="flex items-center justify-between gap-2">
      <Button variant="secondary" onClick={() => onChange(shiftMonth(month, -1))}>
        <span aria-hidden="true">‹</span>
        <span className="sr-only sm:not-sr-only">{SHIFTS_TEXT.previousMonth}</span>
      </Button>
      <h2 aria-live="polite" className="text-center text-lg font-semibold text-slate-900 first-letter:uppercase sm:text-xl">
        {SHIFT_DOCUMENT_TEXT.monthLabel(month.year, month.month)}
      </h2>
      <Button variant="secondary" disabled={isAfter(next, current)} onClick={() => onChange(next)}>
        <span className="sr-only sm:not-sr-only">{SHIFTS_TEXT.nextMonth}</span>
        <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
}

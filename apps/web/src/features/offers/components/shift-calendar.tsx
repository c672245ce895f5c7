/**
 * The month calendar of 'Pubblica più turni' (decision 090): one button a day from today on, pressed when picked
 * (`aria-pressed`, named by its Italian date), reached with the arrow keys (one day in the tab order at a time, as
 * /disponibilita); a tap, Enter or Space picks or takes off the day.
 */
import { useId } from 'react';
import { MonthGrid, MonthHeader, useMonthFocus } from '../../../components/ui/month-calendar';
import { cn } from '../../../lib/cn';
import { shiftDayLabel } from '../lib/shift-days';

interface TShiftCalendarProps {
  days: readonly string[];
  onToggle: (date: string) => void;
  /** The days that may be picked: today to the last one. */
  first: string;
  last: string;
  describedBy?: string;
}

export function ShiftCalendar({ days, onToggle, first, last, describedBy }: TShiftCalendarProps) {
  const titleId = useId();
  const { month, showMonth, focusDate, setFocusDate, onMoveKey, dayRef } = useMonthFocus(first, last, days[0] ?? first);
  const picked = new Set(days);

  return (
    <div>
      <MonthHeader month={month} first={first} last={last} titleId={titleId} onShow={showMonth} Heading="h3" />
      <MonthGrid
        month={month}
        first={first}
        last={last}
        titleId={titleId}
        describedBy={describedBy}
        renderDay={(date) => (
          <button
            type="button"
            ref={dayRef(date)}
            data-date={date}
            aria-pressed={picked.has(date)}
            aria-label={shiftDayLabel(date, false)}
            tabIndex={date === focusDate ? 0 : -1}
            onClick={() => {
              setFocusDate(date);
              onToggle(date);
            }}
            onKeyDown={(event) => onMoveKey(event, date)}
            onFocus={() => setFocusDate(date)}
            className={cn(
              'flex h-11 w-full items-center justify-center rounded-lg text-base font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700',
              picked.has(date)
                ? 'bg-emerald-700 text-white hover:bg-emerald-800'
                : 'border border-slate-200 bg-white text-slate-900 hover:bg-emerald-50',
              date === first && !picked.has(date) && 'border-emerald-700',
            )}
          >
            {Number(date.slice(8))}
          </button>
        )}
      />
    </div>
  );
}

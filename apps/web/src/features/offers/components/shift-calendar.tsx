/**
 * The month calendar of 'Pubblica più turni' (decision 090): one button a day from today on, pressed when picked
 * (`aria-pressed`, named by its Italian date), reached with the arrow keys (one day in the tab order at a time, as
 * /disponibilita); a tap, Enter or Space picks or takes off the day.
 */
import { useId } from 'react';
import { MonthHeader, useMonthFocus, WeekdayHead } from '../../../components/ui/month-calendar';
import { cn } from '../../../lib/cn';
import { monthWeeks } from '../../../lib/month-calendar';
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
  const selectable = (date: string) => date >= first && date <= last;

  return (
    <div>
      <MonthHeader month={month} first={first} last={last} titleId={titleId} onShow={showMonth} Heading="h3" />
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a date grid is a table with role grid (APG) */}
      <table role="grid" aria-labelledby={titleId} aria-describedby={describedBy} className="mt-3 w-full table-fixed">
        <WeekdayHead />
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, index) =>
                date === null ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the empty cells of a week never move
                  <td key={index} />
                ) : (
                  <td key={date} aria-disabled={selectable(date) ? undefined : true} className="p-0.5">
                    {selectable(date) ? (
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
                    ) : (
                      <span className="flex h-11 items-center justify-center text-sm text-slate-400">
                        {Number(date.slice(8))}
                      </span>
                    )}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

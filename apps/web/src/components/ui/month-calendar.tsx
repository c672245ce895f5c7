/**
 * The frame of the app's month calendars (/disponibilita, 'Pubblica più turni'): the month's name between the previous
 * and next buttons, kept inside the months that may be shown, and the weekdays' headings, Monday first.
 */
import { AVAILABILITY_TEXT } from '@farmaponte/shared/ui-text-availability';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { addMonths, compareMonths, monthOf, monthWeeks, moveFrom, type TMonth } from '../../lib/month-calendar';

/**
 * The month shown and the one day in the tab order (`focusDate`), as the APG date grid keeps them: `onMoveKey` moves the
 * focus by the arrow keys, Home/End and PageUp/PageDown inside [first, last] (turning the month when it leaves it) and
 * says whether the key moved it; `dayRef` registers each day's button so the focus can reach it once drawn.
 */
export function useMonthFocus(first: string, last: string, start = first) {
  const [month, setMonth] = useState<TMonth>(() => monthOf(start));
  const [focusDate, setFocusDate] = useState(start);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  /** Set by a key that moved the focus: the day's button takes it once it is drawn (maybe in another month). */
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    buttons.current.get(focusDate)?.focus();
  }, [focusDate]);

  function showMonth(next: TMonth) {
    setMonth(next);
    // The day in the tab order stays in the month shown.
    if (compareMonths(monthOf(focusDate), next) !== 0) {
      const day = `${next.year}-${String(next.month).padStart(2, '0')}-01`;
      setFocusDate(day < first ? first : day);
    }
  }

  function onMoveKey(event: KeyboardEvent<HTMLButtonElement>, date: string): boolean {
    const target = moveFrom(date, event.key, first, last);
    if (!target) return false;
    event.preventDefault();
    if (compareMonths(monthOf(target), month) !== 0) setMonth(monthOf(target));
    moveFocus.current = true;
    setFocusDate(target);
    return true;
  }

  const dayRef = (date: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(date, element);
    else buttons.current.delete(date);
  };

  return { month, showMonth, focusDate, setFocusDate, onMoveKey, dayRef };
}

export function MonthHeader({
  month,
  first,
  last,
  titleId,
  onShow,
  Heading = 'h2',
}: {
  month: TMonth;
  /** The first and last days that may be chosen: their months are the ends. */
  first: string;
  last: string;
  titleId: string;
  onShow: (month: TMonth) => void;
  Heading?: 'h2' | 'h3';
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <MonthButton
        label={AVAILABILITY_TEXT.previousMonth}
        disabled={compareMonths(month, monthOf(first)) <= 0}
        onClick={() => onShow(addMonths(month, -1))}
        arrow="‹"
      />
      <Heading id={titleId} className="text-lg font-semibold text-slate-900" aria-live="polite">
        {AVAILABILITY_TEXT.monthTitle(AVAILABILITY_TEXT.monthNames[month.month - 1] ?? '', month.year)}
      </Heading>
      <MonthButton
        label={AVAILABILITY_TEXT.nextMonth}
        disabled={compareMonths(month, monthOf(last)) >= 0}
        onClick={() => onShow(addMonths(month, 1))}
        arrow="›"
      />
    </div>
  );
}

/** The weekdays' column headings, short, with the full name for a screen reader. */
function WeekdayHead() {
  return (
    <thead>
      <tr>
        {AVAILABILITY_TEXT.weekdayShort.map((short, index) => (
          <th
            key={short}
            scope="col"
            abbr={AVAILABILITY_TEXT.weekdayNames[index]}
            className="pb-2 text-center text-xs font-semibold uppercase text-slate-600"
          >
            {short}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function MonthButton({
  label,
  disabled,
  onClick,
  arrow,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  arrow: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-lg text-2xl text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-40"
    >
      <span aria-hidden="true">{arrow}</span>
    </button>
  );
}

/**
 * The month's weeks as the APG date grid: a table with role grid whose cells hold the days' buttons (one in the tab
 * order), so a screen reader leaves the arrow keys to it; the rows, column headers and cells take their roles from the
 * table. `renderDay` draws a day that may be chosen (within [first, last]); the others are their number, disabled.
 */
export function MonthGrid({
  month,
  first,
  last,
  titleId,
  describedBy,
  cellClassName,
  renderDay,
}: {
  month: TMonth;
  first: string;
  last: string;
  titleId: string;
  describedBy?: string;
  cellClassName?: string;
  renderDay: (date: string) => ReactNode;
}) {
  const selectable = (date: string) => date >= first && date <= last;
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a date grid is a table with role grid (APG)
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
                <td key={date} aria-disabled={selectable(date) ? undefined : true} className={cn('p-0.5', cellClassName)}>
                  {selectable(date) ? (
                    renderDay(date)
                  ) : (
                    <span className="flex h-11 items-center justify-center text-sm text-slate-400">{Number(date.slice(8))}</span>
                  )}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

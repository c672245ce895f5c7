/**
 * The month calendar of /disponibilita (decision 070): a grid (a table with role="grid"), Monday first, one button
 * per day that may be chosen, reached with the arrow keys (one day in the tab order at a time). A tap, Enter or Space
 * marks a whole day or takes the day off; the day's parts are in a menu, opened by the '⋯' button under the day, by a
 * long press or a right click on it, and by Shift+F10 or the menu key.
 */
import type { TAvailabilityPart, TBusyDay } from '@farmaponte/shared/availability';
import { AVAILABILITY_TEXT } from '@farmaponte/shared/ui-text-availability';
import { EXTERNAL_CALENDAR_TEXT } from '@farmaponte/shared/ui-text-external-calendar';
import { DropdownMenu } from 'radix-ui';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { MonthGrid, MonthHeader, useMonthFocus } from '../../../components/ui/month-calendar';
import { cn } from '../../../lib/cn';
import { clearDay, PARTS, type TCalendarDays, toggleDay, togglePart, weekdayIndex } from '../lib/calendar';

/** How long a finger rests on a day before its parts menu opens. */
const LONG_PRESS_MS = 500;

interface TAvailabilityCalendarProps {
  days: TCalendarDays;
  onChange: (days: TCalendarDays) => void;
  /** The days that may be chosen: today to the end of the window. */
  first: string;
  last: string;
  /** The id of the text that tells how to use it. */
  describedBy?: string;
  /** The days her external calendar makes busy (decision 096), by date: marked, and said in the day's name. */
  busy?: ReadonlyMap<string, TBusyDay>;
}

function dayWords(date: string) {
  return {
    weekday: AVAILABILITY_TEXT.weekdayNames[weekdayIndex(date)] ?? '',
    day: Number(date.slice(8, 10)),
    month: AVAILABILITY_TEXT.monthNames[Number(date.slice(5, 7)) - 1] ?? '',
  };
}

export function AvailabilityCalendar({ days, onChange, first, last, describedBy, busy }: TAvailabilityCalendarProps) {
  const titleId = useId();
  const { month, showMonth, focusDate, setFocusDate, onMoveKey, dayRef } = useMonthFocus(first, last);
  const [menuDate, setMenuDate] = useState<string | null>(null);
  const press = useRef<{ timer: number; opened: boolean } | null>(null);

  function onDayKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      event.preventDefault();
      setMenuDate(date);
      return;
    }
    onMoveKey(event, date);
  }

  function onDayPointerDown(event: PointerEvent<HTMLButtonElement>, date: string) {
    if (event.pointerType !== 'touch') return;
    const timer = window.setTimeout(() => {
      if (press.current) press.current.opened = true;
      setMenuDate(date);
    }, LONG_PRESS_MS);
    press.current = { timer, opened: false };
  }

  function endPress() {
    if (press.current) window.clearTimeout(press.current.timer);
  }

  function onDayClick(date: string) {
    // The click that ends a long press has opened the menu: it does not also mark the day.
    if (press.current?.opened) {
      press.current = null;
      return;
    }
    press.current = null;
    setFocusDate(date);
    onChange(toggleDay(days, date));
  }

  return (
    <div>
      <MonthHeader month={month} first={first} last={last} titleId={titleId} onShow={showMonth} />
      <MonthGrid
        month={month}
        first={first}
        last={last}
        titleId={titleId}
        describedBy={describedBy}
        cellClassName="align-top"
        renderDay={(date) => (
          <DayCell
            date={date}
            parts={days[date] ?? []}
            focusable={date === focusDate}
            menuOpen={menuDate === date}
            onMenuOpenChange={(open) => setMenuDate(open ? date : null)}
            buttonRef={dayRef(date)}
            onClick={() => onDayClick(date)}
            onKeyDown={(event) => onDayKeyDown(event, date)}
            onPointerDown={(event) => onDayPointerDown(event, date)}
            onPointerEnd={endPress}
            onFocus={() => setFocusDate(date)}
            onPart={(part) => onChange(part ? togglePart(days, date, part) : clearDay(days, date))}
            isToday={date === first}
            busy={busy?.get(date)}
          />
        )}
      />
      <Legend showBusy={Boolean(busy?.size)} />
    </div>
  );
}

interface TDayCellProps {
  date: string;
  parts: readonly TAvailabilityPart[];
  focusable: boolean;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
  onPointerEnd: () => void;
  onFocus: () => void;
  /** A part picked in the menu, or null for 'Non disponibile'. */
  onPart: (part: TAvailabilityPart | null) => void;
  isToday: boolean;
  busy?: TBusyDay;
}

function DayCell({
  date,
  parts,
  focusable,
  menuOpen,
  onMenuOpenChange,
  buttonRef,
  onClick,
  onKeyDown,
  onPointerDown,
  onPointerEnd,
  onFocus,
  onPart,
  isToday,
  busy,
}: TDayCellProps) {
  const dayButton = useRef<HTMLButtonElement | null>(null);
  const { weekday, day, month } = dayWords(date);
  const dayName = AVAILABILITY_TEXT.dayName(weekday, day, month, parts, true);
  const name = busy ? `${dayName}, ${EXTERNAL_CALENDAR_TEXT.busyDay(busy.from, busy.to, busy.all_day)}` : dayName;
  const wholeDay = parts.includes('giornata');
  return (
    <div className="flex flex-col gap-0.5">
      <button
        ref={(element) => {
          dayButton.current = element;
          buttonRef(element);
        }}
        type="button"
        tabIndex={focusable ? 0 : -1}
        aria-label={name}
        aria-current={isToday ? 'date' : undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onPointerLeave={onPointerEnd}
        onContextMenu={(event) => {
          event.preventDefault();
          onMenuOpenChange(true);
        }}
        onFocus={onFocus}
        className={cn(
          'flex h-11 w-full select-none flex-col items-center justify-center rounded-lg border text-sm font-semibold transition-colors [-webkit-touch-callout:none]',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700',
          wholeDay
            ? 'border-emerald-700 bg-emerald-700 text-white hover:bg-emerald-800'
            : parts.length
              ? 'border-emerald-600 bg-emerald-50 text-emerald-900 hover:bg-emerald-100'
              : 'border-slate-200 bg-white text-slate-800 hover:border-emerald-600 hover:bg-emerald-50',
          isToday && !parts.length ? 'border-slate-500' : null,
          busy ? 'relative border-dashed border-amber-600 ring-2 ring-amber-500 ring-inset' : null,
        )}
        title={busy ? EXTERNAL_CALENDAR_TEXT.busyLegend : undefined}
        data-busy={busy ? 'true' : undefined}
      >
        {busy ? <span aria-hidden="true" className="absolute top-0.5 right-0.5 size-2 rounded-full bg-amber-600" /> : null}
        <span aria-hidden="true">{day}</span>
        {parts.length && !wholeDay ? (
          <span aria-hidden="true" className="text-[0.65rem] font-bold leading-none tracking-tight">
            {parts.map((part) => (part === 'giornata' ? '' : AVAILABILITY_TEXT.partMarks[part])).join('')}
          </span>
        ) : null}
      </button>
      <DropdownMenu.Root open={menuOpen} onOpenChange={onMenuOpenChange} modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            tabIndex={-1}
            aria-label={AVAILABILITY_TEXT.partsButton(name)}
            className="flex h-6 w-full items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700 data-[state=open]:bg-slate-200"
          >
            <span aria-hidden="true" className="text-base leading-none">
              ⋯
            </span>
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="center"
            sideOffset={4}
            collisionPadding={8}
            aria-label={AVAILABILITY_TEXT.partsMenuTitle(weekday, day, month)}
            // Closed, the focus goes back to the day, not to the small '⋯'.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              dayButton.current?.focus();
            }}
            className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1 shadow-lg motion-safe:animate-fade-in"
          >
            <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold text-slate-900">
              {AVAILABILITY_TEXT.partsMenuTitle(weekday, day, month)}
            </DropdownMenu.Label>
            {PARTS.map((part) => (
              <DropdownMenu.CheckboxItem
                key={part}
                checked={parts.includes(part)}
                // Several parts may be picked one after the other: the menu stays open.
                onSelect={(event) => {
                  event.preventDefault();
                  onPart(part);
                }}
                className={MENU_ITEM}
              >
                <span aria-hidden="true" className="inline-flex w-4 justify-center">
                  <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                </span>
                {AVAILABILITY_TEXT.partNames[part]}
              </DropdownMenu.CheckboxItem>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item onSelect={() => onPart(null)} className={MENU_ITEM}>
              <span aria-hidden="true" className="inline-flex w-4" />
              {AVAILABILITY_TEXT.clearDay}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

const MENU_ITEM =
  'flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-3 text-base text-slate-800 outline-none data-[highlighted]:bg-emerald-50 data-[highlighted]:text-emerald-900';

/** What the marks in a day mean. */
function Legend({ showBusy }: { showBusy: boolean }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
      <span className="font-semibold">{AVAILABILITY_TEXT.legendTitle}:</span>
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-emerald-700" />
        {AVAILABILITY_TEXT.partNames.giornata}
      </span>
      {PARTS.filter((part) => part !== 'giornata').map((part) => (
        <span key={part} className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="font-bold text-emerald-900">
            {AVAILABILITY_TEXT.partMarks[part]}
          </span>
          {AVAILABILITY_TEXT.partNames[part]}
        </span>
      ))}
      {showBusy ? (
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm border-2 border-dashed border-amber-600" />
          {EXTERNAL_CALENDAR_TEXT.busyLegend}
        </span>
      ) : null}
    </div>
  );
}

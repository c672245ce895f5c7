/**
 * A shift's pay hour by hour (decision 094): day, hours, what they are, euros an hour and the amount, then the total.
 * The offer form's preview and the offer's public page draw it; narrow enough for a 390 px phone, and it scrolls
 * sideways (by keyboard too) rather than squeeze a figure.
 */
import type { TPayLine } from '@farmaponte/shared/pay';
import { PAY_TEXT } from '@farmaponte/shared/ui-text-pay';
import { useId } from 'react';
import { cn } from '../../lib/cn';

/** A cell: tighter on a phone. */
const CELL = 'px-1.5 py-1.5 sm:px-2';

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

export function PayLinesTable({
  lines,
  total,
  caption,
  className,
}: {
  lines: readonly Pick<TPayLine, 'day' | 'from' | 'to' | 'label' | 'rate' | 'amount'>[];
  total: number | null;
  /** Says whose pay this is ('Dipendente (lordo)'); the table's name for a screen reader. */
  caption: string;
  className?: string;
}) {
  const captionId = useId();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to be scrolled by keyboard
      tabIndex={0}
      className={cn(
        'max-h-96 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700',
        className,
      )}
    >
      <table className="w-full border-collapse text-left text-sm tabular-nums">
        <caption id={captionId} className="bg-slate-50 px-2 py-1.5 text-left text-sm font-semibold text-slate-900">
          {caption}
        </caption>
        <thead className="bg-slate-50 text-xs font-medium text-slate-700">
          <tr>
            <th scope="col" className={CELL}>
              {PAY_TEXT.columnDay}
              <span className="sm:hidden">{PAY_TEXT.columnDayHoursTail}</span>
            </th>
            <th scope="col" className={cn(CELL, 'hidden sm:table-cell')}>
              {PAY_TEXT.columnHours}
            </th>
            <th scope="col" className={CELL}>
              {PAY_TEXT.columnWhat}
            </th>
            <th scope="col" className={cn(CELL, 'hidden text-right sm:table-cell')}>
              {PAY_TEXT.columnRate}
            </th>
            <th scope="col" className={cn(CELL, 'text-right')}>
              {PAY_TEXT.columnAmount}
              <span className="sm:hidden">{PAY_TEXT.columnAmountRateTail}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.day}-${line.from}`} className="border-t border-slate-100 align-top">
              <td className={cn(CELL, 'whitespace-nowrap text-slate-900')}>
                {PAY_TEXT.shortDay(weekdayOf(line.day), line.day)}
                {/* A phone has no room for a column of hours: they go under the day. */}
                <span className="block text-xs text-slate-700 sm:hidden">{PAY_TEXT.hoursRange(line.from, line.to)}</span>
              </td>
              <td className={cn(CELL, 'hidden whitespace-nowrap text-slate-900 sm:table-cell')}>
                {PAY_TEXT.hoursRange(line.from, line.to)}
              </td>
              <td className={cn(CELL, 'text-slate-700')}>{line.label}</td>
              <td className={cn(CELL, 'hidden whitespace-nowrap text-right text-slate-900 sm:table-cell')}>
                {PAY_TEXT.rate(line.rate)}
              </td>
              <td className={cn(CELL, 'whitespace-nowrap text-right text-slate-900')}>
                {PAY_TEXT.euros(line.amount)}
                {/* …and the rate under the amount. */}
                <span className="block text-xs text-slate-700 sm:hidden">{PAY_TEXT.ratePerHour(line.rate)}</span>
              </td>
            </tr>
          ))}
        </tbody>
        {total !== null ? (
          <tfoot>
            <tr className="border-t border-slate-300 font-semibold text-slate-900">
              {/* Four columns on a wide screen, two on a phone (the hours and the rate are in other cells there). */}
              <th scope="row" colSpan={2} className={cn(CELL, 'text-left sm:hidden')}>
                {PAY_TEXT.total}
              </th>
              <th scope="row" colSpan={4} className={cn(CELL, 'hidden text-left sm:table-cell')}>
                {PAY_TEXT.total}
              </th>
              <td className={cn(CELL, 'whitespace-nowrap text-right')}>{PAY_TEXT.euros(total)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}

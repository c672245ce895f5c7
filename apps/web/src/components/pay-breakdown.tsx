/**
 * A shift's pay hour by hour (decision 094), as the apply dialog, the invitation's answer, the contract page and the
 * worked-shift card show it: each line (day, hours, what makes them different, rate, amount), the total, the trip
 * ('circa N km, X €'), the lodging and the total with the trip; "Condizioni concordate" when a negotiation settled
 * them. A list rather than a table, so it reads at 390 px without scrolling sideways.
 */
import type { TPayLine } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { DEAL_TEXT as T } from '@farmaponte/shared/ui-text-deal';
import { useId } from 'react';
import { cn } from '../lib/cn';

export type TPayBreakdown = {
  lines: readonly TPayLine[];
  total: number | null;
  travel: {
    mode: string | null;
    km: number | null;
    amount: number | null;
    per_day?: boolean;
    from_comune?: string | null;
  } | null;
  lodging: { nights: number; note: string } | null;
  grand_total: number | null;
};

export function PayBreakdown({
  pay,
  title = T.payTitle,
  agreed = false,
  summary,
  className,
  testId,
}: {
  pay: TPayBreakdown;
  title?: string;
  /** The hourly and the travel are the ones a negotiation settled. */
  agreed?: boolean;
  /** What goes under the title: the hourly, the CCNL minimum. */
  summary?: string[];
  className?: string;
  testId?: string;
}) {
  const titleId = useId();
  const minutes = pay.lines.reduce((sum, line) => sum + line.minutes, 0);
  const { travel } = pay;
  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm sm:p-4', className)}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {agreed ? (
          <span className="rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
            {T.agreedBadge}
          </span>
        ) : null}
      </div>
      {summary?.length ? (
        <ul className="mt-1 text-slate-700">
          {summary.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      {agreed ? <p className="mt-1 text-slate-700">{T.agreedNote}</p> : null}
      {pay.lines.length ? (
        <ul aria-label={T.linesCaption} className="mt-2 divide-y divide-slate-200 border-y border-slate-200">
          {pay.lines.map((line) => (
            <li key={`${line.day}-${line.from}-${line.kind}`} className="flex flex-wrap justify-between gap-x-3 py-1.5">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{formatDate(line.day)}</span>{' '}
                <span className="text-slate-700">{T.lineHoursOf(line.from, line.to, line.minutes)}</span>
                <span className="block text-xs text-slate-600">{T.lineLabel(line.label, line.supplement)}</span>
              </span>
              <span className="text-right">
                <span className="block text-slate-700">{T.lineRateValue(line.rate)}</span>
                <span className="block font-medium text-slate-900">{T.lineAmountValue(line.amount)}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700">{T.payNoHours}</p>
      )}
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1">
        {pay.total !== null ? (
          <>
            <dt className="text-slate-600">{T.payTotal}</dt>
            <dd className="text-right font-medium text-slate-900">{T.payTotalValue(minutes, pay.total)}</dd>
          </>
        ) : null}
        {/* The trip and the lodging are sentences: each takes the whole width under its name. */}
        <dt className="col-span-2 text-slate-600">{T.travelLabel}</dt>
        <dd className="col-span-2 text-slate-900" data-testid="pay-travel">
          {travelText(travel)}
        </dd>
        {pay.lodging ? (
          <>
            <dt className="col-span-2 text-slate-600">{T.lodgingLabel}</dt>
            <dd className="col-span-2 text-slate-900">
              {T.lodgingNights(pay.lodging.nights)}
              {pay.lodging.note ? <span className="block text-xs text-slate-700">{pay.lodging.note}</span> : null}
            </dd>
          </>
        ) : null}
        {pay.grand_total !== null && travel?.amount ? (
          <>
            <dt className="font-semibold text-slate-900">{T.grandTotal}</dt>
            <dd className="text-right font-semibold text-slate-900">{T.lineAmountValue(pay.grand_total)}</dd>
          </>
        ) : null}
      </dl>
      {travel?.km != null ? <p className="mt-1 text-xs text-slate-600">{T.estimateNote}</p> : null}
    </section>
  );
}

/** 'circa 84 km andata e ritorno, 25,20 €', a fixed sum, or why the sum is not known yet. */
function travelText(travel: TPayBreakdown['travel']): string {
  if (!travel || (!travel.mode && travel.amount === null)) return T.travelNone;
  const parts: string[] = [];
  if (travel.km !== null) parts.push(T.travelTrip(travel.km, travel.amount));
  else if (travel.amount !== null) parts.push(T.travelFixed(travel.amount));
  else parts.push(T.travelUnknownKm);
  if (travel.per_day) parts.push(T.travelPerDay);
  if (travel.from_comune) parts.push(T.travelFrom(travel.from_comune));
  return parts.join(', ');
}

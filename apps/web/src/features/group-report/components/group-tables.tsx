/**
 * The tables of /gruppo (decision 091): the shifts by pharmacy and week, the hours and spend by pharmacy (with each
 * pharmacy's statement to download) and by pharmacist, and the group's totals. Each table has its caption and its
 * headers' scope, and scrolls sideways inside its frame on a phone, which takes the keyboard's focus to scroll.
 */
import type { TGroupReport, TShiftCounts, TWorkedFigures } from '@farmaponte/shared/group-report';
import { formatAmount, formatHours } from '@farmaponte/shared/italian-figures';
import { GROUP_TEXT } from '@farmaponte/shared/ui-text-group';
import { type ReactNode, useId } from 'react';
import { percentText, weekLabel } from '../lib/period';

const CELL = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';
const HEAD = 'whitespace-nowrap px-3 py-2 text-left font-semibold';

export const hoursText = (minutes: number) => GROUP_TEXT.hoursValue(formatHours(minutes));
export const eurosText = (euros: number) => GROUP_TEXT.euros(formatAmount(euros));
export const payText = (pay: number | null) => (pay == null ? GROUP_TEXT.none : GROUP_TEXT.perHour(formatAmount(pay)));

/** A table in a frame that scrolls sideways on a small screen; the frame is named by the caption. */
function Frame({ children }: { children: (captionId: string) => ReactNode }) {
  const captionId = useId();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to be scrolled by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      <table className="w-full border-collapse text-sm">{children(captionId)}</table>
    </section>
  );
}

function Caption({ id, children }: { id: string; children: string }) {
  return (
    <caption id={id} className="px-3 pt-3 pb-1 text-left text-base font-semibold text-slate-900">
      {children}
    </caption>
  );
}

/** The header row: the texts' columns from the left, then the figures' from the right. */
function Head({ texts, figures, after = [] }: { texts: string[]; figures: string[]; after?: string[] }) {
  const column = (name: string, right: boolean) => (
    <th key={name} scope="col" className={right ? `${HEAD} text-right` : HEAD}>
      {name}
    </th>
  );
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
      <tr>
        {texts.map((name) => column(name, false))}
        {figures.map((name) => column(name, true))}
        {after.map((name) => column(name, false))}
      </tr>
    </thead>
  );
}

const SHIFT_COLUMNS = [GROUP_TEXT.shifts, GROUP_TEXT.open, GROUP_TEXT.filled, GROUP_TEXT.unfilled, GROUP_TEXT.fillRate];

function ShiftCells({ counts }: { counts: TShiftCounts }) {
  return (
    <>
      {[counts.shifts, counts.open, counts.filled, counts.unfilled].map((value, index) => (
        <td key={SHIFT_COLUMNS[index]} className={CELL}>
          {value}
        </td>
      ))}
      <td className={CELL}>{percentText(counts.fill_rate)}</td>
    </>
  );
}

/** Each pharmacy's weeks with shifts, then its total; a pharmacy without shifts in one row that says so. */
export function WeeksTable({ report }: { report: TGroupReport }) {
  return (
    <Frame>
      {(captionId) => (
        <>
          <Caption id={captionId}>{GROUP_TEXT.weeksCaption}</Caption>
          <Head texts={[GROUP_TEXT.pharmacy, GROUP_TEXT.week]} figures={SHIFT_COLUMNS} />
          {report.pharmacies.map((pharmacy) => (
            <tbody key={pharmacy.id} className="border-b border-slate-100 last:border-0">
              {pharmacy.weeks.length ? (
                <>
                  {pharmacy.weeks.map((week, index) => (
                    <tr key={week.week}>
                      {index === 0 ? (
                        <th
                          scope="rowgroup"
                          rowSpan={pharmacy.weeks.length + 1}
                          className="max-w-48 px-3 py-2 text-left align-top font-semibold text-slate-900"
                        >
                          {pharmacy.name}
                        </th>
                      ) : null}
                      <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-normal text-slate-700">
                        {weekLabel(week.week, week.week_start)}
                      </th>
                      <ShiftCells counts={week} />
                    </tr>
                  ))}
                  <tr className="bg-slate-50 font-semibold">
                    <th scope="row" className="px-3 py-2 text-left">
                      {GROUP_TEXT.pharmacyTotal}
                    </th>
                    <ShiftCells counts={pharmacy.shifts} />
                  </tr>
                </>
              ) : (
                <tr>
                  <th scope="row" className="max-w-48 px-3 py-2 text-left font-semibold text-slate-900">
                    {pharmacy.name}
                  </th>
                  <td colSpan={SHIFT_COLUMNS.length + 1} className="px-3 py-2 text-slate-600">
                    {GROUP_TEXT.noShifts}
                  </td>
                </tr>
              )}
            </tbody>
          ))}
          <tfoot className="border-t-2 border-slate-200 font-semibold">
            <tr>
              <th scope="row" colSpan={2} className="px-3 py-2 text-left">
                {GROUP_TEXT.groupTotal}
              </th>
              <ShiftCells counts={report.totals.shifts} />
            </tr>
          </tfoot>
        </>
      )}
    </Frame>
  );
}

const WORK_COLUMNS = [GROUP_TEXT.days, GROUP_TEXT.hours, GROUP_TEXT.spend, GROUP_TEXT.averagePay];

function WorkCells({ worked }: { worked: TWorkedFigures }) {
  return (
    <>
      <td className={CELL}>{worked.days}</td>
      <td className={CELL}>{hoursText(worked.minutes)}</td>
      <td className={CELL}>{eurosText(worked.gross)}</td>
      <td className={CELL}>{payText(worked.average_hourly_pay)}</td>
    </>
  );
}

/** Hours and spend of each pharmacy, with `actions` (its statement's downloads) in a last column; the group's total. */
export function WorkTable({
  report,
  actions,
}: {
  report: TGroupReport;
  actions: (pharmacy: { id: number; name: string }) => ReactNode;
}) {
  return (
    <Frame>
      {(captionId) => (
        <>
          <Caption id={captionId}>{GROUP_TEXT.workCaption}</Caption>
          <Head texts={[GROUP_TEXT.pharmacy]} figures={WORK_COLUMNS} after={[GROUP_TEXT.statement]} />
          <tbody className="divide-y divide-slate-100">
            {report.pharmacies.map((pharmacy) => (
              <tr key={pharmacy.id}>
                <th scope="row" className="max-w-48 px-3 py-2 text-left font-semibold text-slate-900">
                  {pharmacy.name}
                </th>
                <WorkCells worked={pharmacy.worked} />
                <td className="px-3 py-1">{actions(pharmacy)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-200 font-semibold">
            <tr>
              <th scope="row" className="px-3 py-2 text-left">
                {GROUP_TEXT.groupTotal}
              </th>
              <WorkCells worked={report.totals.worked} />
              <td />
            </tr>
          </tfoot>
        </>
      )}
    </Frame>
  );
}

/** Hours and spend of each pharmacist who worked in the period, over the group's pharmacies. */
export function PharmacistsTable({ report }: { report: TGroupReport }) {
  return (
    <Frame>
      {(captionId) => (
        <>
          <Caption id={captionId}>{GROUP_TEXT.pharmacistsCaption}</Caption>
          <Head texts={[GROUP_TEXT.pharmacist]} figures={[GROUP_TEXT.pharmacies, ...WORK_COLUMNS]} />
          <tbody className="divide-y divide-slate-100">
            {report.pharmacists.map((person) => (
              <tr key={person.id}>
                <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-semibold text-slate-900">
                  {`${person.name} ${person.surname}`}
                </th>
                <td className={CELL}>{person.pharmacies}</td>
                <WorkCells worked={person.worked} />
              </tr>
            ))}
          </tbody>
        </>
      )}
    </Frame>
  );
}

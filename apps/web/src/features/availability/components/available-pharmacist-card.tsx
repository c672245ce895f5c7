/**
 * One pharmacist an owner found (decision 070): name, titolo, comune, distance, the days of the search they are free
 * (dd/mm with the part) and 'Albo verificato'; the actions (an invitation) come from the app through `actions`.
 */
import type { TAvailablePharmacist } from '@farmaponte/shared/availability';
import { formatDate } from '@farmaponte/shared/dates';
import { AVAILABILITY_TEXT } from '@farmaponte/shared/ui-text-availability';
import { type ReactNode, useId } from 'react';
import { RatingBadge } from '../../../components/rating-badge';
import { formatKilometres } from '../../../lib/numbers';

export function AvailablePharmacistCard({ pharmacist, actions }: { pharmacist: TAvailablePharmacist; actions?: ReactNode }) {
  const titleId = useId();
  const daysId = useId();
  const place = pharmacist.province ? `${pharmacist.comune} (${pharmacist.province})` : pharmacist.comune;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words text-lg font-semibold text-slate-900">
            {pharmacist.name} {pharmacist.surname}
          </h3>
          {pharmacist.titolo ? <p className="text-sm text-slate-700">{pharmacist.titolo}</p> : null}
          <RatingBadge userId={pharmacist.pharmacist_id} rating={pharmacist.rating} reliability={pharmacist.reliability} />
        </div>
        {pharmacist.albo_verified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-900">
            <span aria-hidden="true">✓</span> {AVAILABILITY_TEXT.alboVerified}
          </span>
        ) : null}
      </div>
      <p className="text-sm text-slate-800">
        {place} · {AVAILABILITY_TEXT.distance(formatKilometres(pharmacist.distance_km))}
      </p>
      <div>
        <p id={daysId} className="text-sm font-medium text-slate-800">
          {AVAILABILITY_TEXT.daysLabel}
        </p>
        <ul aria-labelledby={daysId} className="mt-1.5 flex flex-wrap gap-1.5">
          {pharmacist.days.map((day) => (
            <li
              key={`${day.date} ${day.part}`}
              className="rounded-md border border-emerald-200 bg-emerald-50 px-2 py-0.5 text-sm text-emerald-950"
            >
              {AVAILABILITY_TEXT.dayOnCard(formatDate(day.date).slice(0, 5), day.part)}
            </li>
          ))}
        </ul>
      </div>
      {actions ? <div className="mt-auto flex flex-wrap gap-2 pt-1">{actions}</div> : null}
    </article>
  );
}

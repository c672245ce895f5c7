/**
 * 'Farmacia' in the header (decision 089): for an owner-side person who acts for more than one pharmacy, which one the
 * pages act for, or 'Tutte le farmacie'. Loaded after login only (its code is not in the first page's). A stored
 * choice that no longer fits (a pharmacy taken out of the person's reach) goes back to the server's default.
 */
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { useEffect, useId } from 'react';
import { CONTROL_CLASSES } from '../components/ui/field';
import { useActingPharmacy } from '../lib/api/get-organisation';
import { cn } from '../lib/cn';
import { WHOLE_GROUP } from '../lib/current-pharmacy';

export default function PharmacySwitcher() {
  const { current, stale, choose, organisation } = useActingPharmacy();
  const id = useId();
  useEffect(() => {
    if (stale) choose(null);
  }, [stale, choose]);
  const pharmacies = organisation.data?.pharmacies ?? [];
  if (pharmacies.length < 2 || current === null) return null;
  return (
    <li className="flex flex-col gap-1 px-3 py-1 sm:flex-row sm:items-center sm:gap-2 sm:px-1 sm:py-0">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {T.switcherLabel}
      </label>
      <select
        id={id}
        value={current === WHOLE_GROUP ? WHOLE_GROUP : String(current.id)}
        onChange={(event) => choose(event.target.value === WHOLE_GROUP ? WHOLE_GROUP : Number(event.target.value))}
        className={cn(CONTROL_CLASSES, 'pr-8 sm:w-56 sm:truncate sm:text-sm')}
      >
        {pharmacies.map((pharmacy) => (
          <option key={pharmacy.id} value={String(pharmacy.id)}>
            {T.pharmacyOption(pharmacy.name, pharmacy.comune)}
          </option>
        ))}
        <option value={WHOLE_GROUP}>{T.wholeGroup}</option>
      </select>
    </li>
  );
}

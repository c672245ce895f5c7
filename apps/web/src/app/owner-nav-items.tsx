/**
 * An owner-side person's items of the header (decision 089): 'Farmacia', for who acts for more than one pharmacy, which
 * one the pages act for, or 'Tutte le farmacie'; 'Organizzazione'; and 'Gruppo' (decision 091). Loaded after login only (their code is not in
 * the first page's). They read every list again when the choice changes, here or in another tab. A stored choice that
 * no longer fits (a pharmacy taken out of the person's reach) goes back to the server's default.
 */
import { GROUP_TEXT } from '@farmaponte/shared/ui-text-group';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { NavLink } from 'react-router';
import { CONTROL_CLASSES } from '../components/ui/field';
import { useActingPharmacy } from '../lib/api/get-organisation';
import { cn } from '../lib/cn';
import { pharmacyChanged, subscribeCurrentPharmacy, WHOLE_GROUP } from '../lib/current-pharmacy';
import { PATHS } from '../lib/paths';
import { CURRENT_PHARMACY_KEY } from '../lib/storage';
import { navLinkClasses } from './nav-link-look';

export default function OwnerNavItems() {
  const queryClient = useQueryClient();
  // Another pharmacy chosen, here or in another tab: every list read again, for the pharmacy now acted for.
  useEffect(() => subscribeCurrentPharmacy(() => void queryClient.invalidateQueries()), [queryClient]);
  useEffect(() => {
    const fromOtherTab = (event: StorageEvent) => {
      if (event.key === CURRENT_PHARMACY_KEY) pharmacyChanged();
    };
    window.addEventListener('storage', fromOtherTab);
    return () => window.removeEventListener('storage', fromOtherTab);
  }, []);
  return (
    <>
      <PharmacySwitcher />
      <li>
        <NavLink to={PATHS.organisation} className={navLinkClasses}>
          {T.organisationLink}
        </NavLink>
      </li>
      <li>
        <NavLink to={PATHS.group} className={navLinkClasses}>
          {GROUP_TEXT.title}
        </NavLink>
      </li>
    </>
  );
}

function PharmacySwitcher() {
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

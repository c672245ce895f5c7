/** 'Farmacie d'Italia' (docs/product.md#admin-pharmacies): searches the registry as the admin types, only when the box is not empty. */
import type { TPharmacy } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { useState } from 'react';
import { SearchField } from '../../../components/ui/field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PHARMACY_SEARCH_LIMIT, usePharmacies } from '../api/search-pharmacies';
import { formatCoordinate } from '../lib/format';
import { Detail, ListPanel, searchListView } from './list-panel';

const SEARCH_DELAY_MS = 300;

export function RegistrySearch({ className }: { className?: string }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const query = usePharmacies(search);
  const empty = text.trim() === '';

  const view = searchListView(
    query,
    {
      limit: PHARMACY_SEARCH_LIMIT,
      none: ADMIN_TEXT.registryNoResults,
      results: ADMIN_TEXT.registryResults,
      capped: ADMIN_TEXT.registryResultsCapped,
    },
    (pharmacies) => (
      <ul className="flex flex-col gap-3">
        {pharmacies.map((pharmacy) => (
          <li key={pharmacy.pharmacy_id}>
            <PharmacyCard pharmacy={pharmacy} />
          </li>
        ))}
      </ul>
    ),
  );
  const status = empty ? ADMIN_TEXT.registrySearchPrompt : view.status;
  const content = empty ? null : view.content;

  return (
    <ListPanel
      id="registry"
      title={ADMIN_TEXT.registryTitle}
      className={className}
      busy={!empty && (query.isFetching || search !== text.trim())}
      status={status}
      search={
        <SearchField
          label={ADMIN_TEXT.registrySearchLabel}
          placeholder={ADMIN_TEXT.registrySearchPlaceholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      }
    >
      {content}
    </ListPanel>
  );
}

function PharmacyCard({ pharmacy }: { pharmacy: TPharmacy }) {
  const place = [pharmacy.cap, pharmacy.comune].filter(Boolean).join(' ');
  const address = [pharmacy.address, place].filter(Boolean).join(', ');
  const province = [pharmacy.provincia, pharmacy.regione].filter(Boolean).join(', ');
  return (
    <article className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 className="break-words text-base font-semibold text-slate-900">{pharmacy.pharmacy_name}</h3>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        <Detail label={ADMIN_TEXT.addressLabel} className="col-span-2">
          {address || UI_TEXT.notAvailable}
        </Detail>
        <Detail label={ADMIN_TEXT.provinciaLabel}>{province || UI_TEXT.notAvailable}</Detail>
        <Detail label={ADMIN_TEXT.phoneLabel}>{pharmacy.phone || UI_TEXT.notAvailable}</Detail>
        <Detail label={ADMIN_TEXT.latitudeLabel}>{formatCoordinate(pharmacy.lat, UI_TEXT.notAvailable)}</Detail>
        <Detail label={ADMIN_TEXT.longitudeLabel}>{formatCoordinate(pharmacy.lng, UI_TEXT.notAvailable)}</Detail>
      </dl>
    </article>
  );
}

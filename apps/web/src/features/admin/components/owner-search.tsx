/**
 * 'Utenti Titolari' (docs/product.md#admin-pharmacies): the owners, searchable; each card is a button that opens the dialog where the
 * admin sets the owner's latitude and longitude (where their offers appear on the map).
 */
import type { TOwner } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { type ReactNode, Suspense, useRef, useState } from 'react';
import { SearchField } from '../../../components/ui/field';
import { OverlaySpinner } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { OWNER_SEARCH_LIMIT, useOwners } from '../api/search-owners';
import { formatCoordinate } from '../lib/format';
import { ListPanel, searchListView } from './list-panel';

const SEARCH_DELAY_MS = 300;

// The dialog (Radix, the form library) downloads when a card is first pointed at or focused, not with the page.
const OwnerLocationDialog = lazyWithPreload(() => import('./owner-location-dialog'));

export function OwnerSearch({ className }: { className?: string }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const query = useOwners(search);
  const [selected, setSelected] = useState<TOwner | null>(null);
  const [open, setOpen] = useState(false);
  const lastCard = useRef<HTMLElement | null>(null);

  const { status, content } = searchListView(
    query,
    {
      limit: OWNER_SEARCH_LIMIT,
      none: ADMIN_TEXT.ownersNoResults,
      results: ADMIN_TEXT.ownersResults,
      capped: ADMIN_TEXT.ownersResultsCapped,
    },
    (owners) => (
      <ul className="flex flex-col gap-3">
        {owners.map((owner) => (
          <li key={owner.id}>
            <OwnerCard
              owner={owner}
              onOpen={(card) => {
                lastCard.current = card;
                setSelected(owner);
                setOpen(true);
              }}
            />
          </li>
        ))}
      </ul>
    ),
  );

  return (
    <>
      <ListPanel
        id="owners"
        title={ADMIN_TEXT.ownersTitle}
        className={className}
        busy={query.isFetching || search !== text.trim()}
        status={status}
        search={
          <SearchField
            label={ADMIN_TEXT.ownersSearchLabel}
            placeholder={ADMIN_TEXT.ownersSearchPlaceholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        }
      >
        {content}
      </ListPanel>
      {selected ? (
        <Suspense fallback={<OverlaySpinner />}>
          <OwnerLocationDialog owner={selected} open={open} onOpenChange={setOpen} returnFocusRef={lastCard} />
        </Suspense>
      ) : null}
    </>
  );
}

function OwnerCard({ owner, onOpen }: { owner: TOwner; onOpen: (card: HTMLElement) => void }) {
  const fullName = `${owner.name} ${owner.surname}`.trim() || owner.email;
  const residence = [owner.provincia_residenza, owner.regione_residenza].filter(Boolean).join(', ');
  const coordinates =
    owner.lat != null && owner.lng != null
      ? `${formatCoordinate(owner.lat, '')}, ${formatCoordinate(owner.lng, '')}`
      : UI_TEXT.notAvailable;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onPointerEnter={OwnerLocationDialog.preload}
      onFocus={OwnerLocationDialog.preload}
      onClick={(event) => onOpen(event.currentTarget)}
      className="group block w-full rounded-xl border border-slate-200 bg-slate-50 p-4 text-left transition-colors hover:border-emerald-600 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      <span className="block break-words text-base font-semibold text-slate-900">{fullName}</span>
      <span className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        <OwnerDetail label={UI_TEXT.dobLabel}>{formatDate(owner.dob) || UI_TEXT.notAvailable}</OwnerDetail>
        <OwnerDetail label={ADMIN_TEXT.ownerResidenceLabel}>{residence || UI_TEXT.notAvailable}</OwnerDetail>
        <OwnerDetail label={UI_TEXT.telephoneLabel}>{owner.telephone || UI_TEXT.notAvailable}</OwnerDetail>
        <OwnerDetail label={ADMIN_TEXT.ownerPharmacyLabel}>{owner.denominazione_farmacia || UI_TEXT.notAvailable}</OwnerDetail>
        <OwnerDetail label={ADMIN_TEXT.ownerAlboLabel}>{owner.numero_iscrizione_albo || UI_TEXT.notAvailable}</OwnerDetail>
        <OwnerDetail label={ADMIN_TEXT.ownerCoordinatesLabel}>{coordinates}</OwnerDetail>
      </span>
      <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-emerald-800 group-hover:underline">
        {ADMIN_TEXT.ownerSetCoordinates} <span aria-hidden="true">→</span>
      </span>
    </button>
  );
}

/** A label/value pair inside the card's button (a button may hold only phrasing content, so no <dl>). */
function OwnerDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="block min-w-0">
      <span className="block text-xs font-medium uppercase tracking-wide text-slate-600">
        {label}
        <span className="sr-only">: </span>
      </span>
      <span className="block break-words text-sm text-slate-900">{children}</span>
    </span>
  );
}

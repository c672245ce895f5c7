/**
 * The card at the top of /cerca_offerte: the title, the comune box, 'Filtri' (its dialog downloads on hover or focus),
 * the sort, a pharmacist's 'Avvisami' and 'Ricerche salvate (n)', and the line that says what the list shows.
 */
import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { PAY_SEARCH_TEXT } from '@farmaponte/shared/ui-text-pay-search';
import { SEARCH_TEXT } from '@farmaponte/shared/ui-text-search';
import { type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { OverlaySpinner } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { SEARCH_PAGE_CLASSES } from '../lib/offer-row-look';
import { countSearchFilters, SEARCH_SORTS, searchSummary, type TSearchFilters } from '../lib/search-filters';
import type { TSearchAddress } from '../lib/use-search-address';
import { SavedSearchesBar } from './saved-searches';

const SearchFiltersDialog = lazyWithPreload(() => import('./search-filters-dialog'));

const SORT_LABELS: Record<(typeof SEARCH_SORTS)[number], string> = {
  date: SEARCH_TEXT.searchSortDate,
  pay: SEARCH_TEXT.searchSortPay,
  total: PAY_SEARCH_TEXT.sortTotal,
  distance: SEARCH_TEXT.searchSortDistance,
};

export function SearchOffersHeader({
  address,
  canApply,
  status,
  children,
}: {
  address: TSearchAddress;
  /** A pharmacist: 'Avvisami' and the saved searches. */
  canApply: boolean;
  /** What the list shows (read out when it changes). */
  status: ReactNode;
  /** Under the status: why 'Manda CV' waits, when it does. */
  children?: ReactNode;
}) {
  const { filters, comune } = address;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersUsed, setFiltersUsed] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const applyFilters = (next: TSearchFilters) => {
    address.applyFilters(next);
    setFiltersOpen(false);
  };
  const sortId = useId();
  const searchId = useId();

  return (
    <div className={SEARCH_PAGE_CLASSES.card}>
      <h1 className={SEARCH_PAGE_CLASSES.title}>{UI_TEXT.searchOffersTitle}</h1>
      <form className="relative mt-3" onSubmit={comune.submit}>
        <label htmlFor={searchId} className="sr-only">
          {UI_TEXT.searchByComuneLabel}
        </label>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <input
          id={searchId}
          type="search"
          value={comune.text}
          onChange={(event) => comune.setText(event.target.value)}
          placeholder={UI_TEXT.searchByComunePlaceholder}
          maxLength={LIMITS.searchPlaceMaxLength}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className="block min-h-11 w-full rounded-lg border border-slate-400 bg-white py-2 pl-10 pr-3 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-emerald-700"
        />
      </form>
      <div className="mt-3 flex items-end gap-3">
        <Button
          ref={filtersButton}
          type="button"
          variant="secondary"
          aria-haspopup="dialog"
          onPointerEnter={SearchFiltersDialog.preload}
          onFocus={SearchFiltersDialog.preload}
          onClick={() => {
            setFiltersUsed(true);
            setFiltersOpen(true);
          }}
          className="min-h-11"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
          </svg>
          {SEARCH_TEXT.searchFiltersCount(countSearchFilters(filters))}
        </Button>
        <div className="ml-auto flex flex-col gap-1">
          <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
            {SEARCH_TEXT.searchSortLabel}
          </label>
          <select
            id={sortId}
            value={filters.sort ?? 'date'}
            onChange={(event) => applyFilters({ ...filters, sort: event.target.value })}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            {SEARCH_SORTS.filter((sort) => sort !== 'distance' || filters.near).map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {canApply ? <SavedSearchesBar filters={filters} suggestedName={searchSummary(filters)} /> : null}
      {filtersUsed ? (
        <Suspense fallback={<OverlaySpinner />}>
          <SearchFiltersDialog
            open={filtersOpen}
            onOpenChange={setFiltersOpen}
            filters={filters}
            onApply={applyFilters}
            returnFocusRef={filtersButton}
          />
        </Suspense>
      ) : null}
      <p role="status" className={SEARCH_PAGE_CLASSES.status}>
        {status}
      </p>
      {children}
    </div>
  );
}

/**
 * /cerca_offerte (docs/product.md#search-offers): 'Farmacie che Cercano Personale' with a comune filter and the open offers as collapsible
 * rows, beside a map with one pin per offer. The list is filtered in the browser while typing (deferred, so typing
 * stays fluid with 5,000 offers); the map, in its own chunk, follows a moment later.
 */
import type { TApplicationStatus, TOfferSearchResult } from '@farmaponte/shared';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type ComponentType, Suspense, useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import type { TLazyDialogProps } from '../../../components/ui/lazy-dialog-button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { OverlaySpinner, PageSpinner, Spinner } from '../../../components/ui/spinner';
import { useMyApplications } from '../../../lib/api/get-my-applications';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useApplyToOffer } from '../api/apply-to-offer';
import { useOffers } from '../api/get-offers';
import { OfferSearchList, type TRevealRequest } from '../components/offer-search-list';
import { SavedSearchesBar } from '../components/saved-searches';
import { offerMapPoints } from '../lib/offer-map-points';
import {
  countSearchFilters,
  readSearchFilters,
  SEARCH_SORTS,
  searchFiltersQuery,
  searchSummary,
  type TSearchFilters,
} from '../lib/search-filters';
import { useNearPoint } from '../lib/use-near-point';

// The map's chunk (Leaflet) downloads with the page's code, while the offers arrive, not after the list has rendered.
const OffersMap = lazyWithPreload(() => import('../components/offers-map'));
OffersMap.preload();
const SearchFiltersDialog = lazyWithPreload(() => import('../components/search-filters-dialog'));

/** Comuni compare without case or accents' case ('milano' finds 'Milano'). */
const normalise = (text: string) => text.trim().toLocaleLowerCase('it');

const SORT_LABELS: Record<(typeof SEARCH_SORTS)[number], string> = {
  date: UI_TEXT.searchSortDate,
  pay: UI_TEXT.searchSortPay,
  distance: UI_TEXT.searchSortDistance,
};

/** The CV upload dialog, plugged in by the app (features do not import each other). */
export type TCvDialog = ComponentType<TLazyDialogProps & { notice?: string }> & { preload: () => void };

export function SearchOffersPage({ cvDialog: CvDialog }: { cvDialog: TCvDialog }) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSearchFilters(params), [params]);
  const applyFilters = useCallback(
    (next: TSearchFilters) => {
      // A new entry in the history: back returns to the previous search.
      setParams(searchFiltersQuery(next));
      setFiltersOpen(false);
    },
    [setParams],
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersUsed, setFiltersUsed] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const sortId = useId();
  const offers = useOffers(filters);
  const near = useNearPoint(filters.near);
  const details = useUserDetails();
  const apply = useApplyToOffer();
  const searchId = useId();
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const [reveal, setReveal] = useState<TRevealRequest | null>(null);
  const [cvDialogOpen, setCvDialogOpen] = useState(false);
  const [cvDialogUsed, setCvDialogUsed] = useState(false);
  /** The 'Manda CV' that found no CV: the focus goes back there once the CV dialog closes. */
  const applyButton = useRef<HTMLElement | null>(null);

  const indexed = useMemo(
    () => (offers.data ?? []).map((offer) => ({ offer, comune: normalise(offer.comune_farmacia) })),
    [offers.data],
  );
  const visible = useMemo(() => {
    const query = normalise(deferredFilter);
    return query
      ? indexed.filter((entry) => entry.comune.includes(query)).map((entry) => entry.offer)
      : indexed.map((e) => e.offer);
  }, [indexed, deferredFilter]);
  const circle = useMemo(
    () => (near && filters.radius_km ? { lat: near.lat, lng: near.lng, radiusKm: Number(filters.radius_km) } : null),
    [near, filters.radius_km],
  );
  // The list renders first; grouping thousands of offers into one marker per pharmacy follows in a render of its own
  // (deferred, with the search it answers, so the map never frames one search with another's points; decision 031).
  const mapSource = useMemo(
    () => ({ offers: visible, filter: `${normalise(deferredFilter)}|${searchFiltersQuery({ ...filters, sort: undefined })}` }),
    [visible, deferredFilter, filters],
  );
  const deferredMapSource = useDeferredValue(mapSource);
  const { points, pointOf } = useMemo(() => offerMapPoints(deferredMapSource.offers), [deferredMapSource.offers]);
  // Re-clustering thousands of markers per key press is wasted work: the map follows once typing pauses.
  const mapInput = useMemo(() => ({ points, filter: deferredMapSource.filter }), [points, deferredMapSource.filter]);
  const mapView = useDebouncedValue(mapInput, 250);
  const withoutPosition = useMemo(() => visible.filter((offer) => offer.lat === null || offer.lng === null).length, [visible]);

  const toggle = useCallback((offerId: number) => setExpandedId((current) => (current === offerId ? null : offerId)), []);
  const selectFromMap = useCallback(
    (pointId: string) => {
      const offerId = points.find((point) => point.id === pointId)?.offerIds[0];
      if (offerId === undefined) return;
      setExpandedId(offerId);
      setReveal((previous) => ({ offerId, seq: (previous?.seq ?? 0) + 1 }));
    },
    [points],
  );
  const mapBox = useRef<HTMLDivElement>(null);
  /** On a phone the map sits above the list: 'Mostra sulla mappa' brings it (and the chosen marker) into view. */
  const showOnMap = useCallback(() => {
    mapBox.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  const askForCv = useCallback(() => {
    setCvDialogUsed(true);
    setCvDialogOpen(true);
  }, []);

  const sendCv = useCallback(
    (offer: TOfferSearchResult) => {
      applyButton.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // The CV must be stored first (docs/rules.md#applications): nothing is sent, and the CV dialog opens right here to upload one.
      if (!details.data?.profile.pdf_file) return askForCv();
      apply.mutate(offer.id, {
        onSuccess: () => notify.success(MESSAGES.applicationSent),
        onError: (error) => {
          // The server found no CV after all (e.g. the list was older than the profile): same as having none.
          if (error instanceof ApiError && error.code === 'cv_missing') return askForCv();
          // The server's message when it answered (e.g. already applied), the generic one when it did not.
          notify.error(error instanceof ApiError && error.status > 0 ? error.message : MESSAGES.applicationFailed);
        },
      });
    },
    [details.data, apply.mutate, askForCv],
  );

  const canApply = details.data?.role === 'farmacista';
  // Offers already applied to show the application's status instead of a plain 'Manda CV'.
  const mine = useMyApplications({ enabled: canApply });
  const applicationStatuses = useMemo(() => {
    const statuses = new Map<number, TApplicationStatus>(
      (mine.data ?? []).map((application) => [application.offer.id, application.status]),
    );
    // A search answers each offer's status itself; the list of applications covers the plain list.
    for (const offer of offers.data ?? []) if (offer.my_application_status) statuses.set(offer.id, offer.my_application_status);
    return statuses;
  }, [mine.data, offers.data]);
  const hasCv = Boolean(details.data?.profile.pdf_file);
  useEffect(() => {
    // A pharmacist without a CV will meet the CV dialog at the first 'Manda CV': have it ready.
    if (canApply && !hasCv) CvDialog.preload();
  }, [canApply, hasCv, CvDialog]);
  const query = filter.trim();

  return (
    <div className="mx-auto grid w-full max-w-5xl flex-1 grid-cols-1 gap-4 px-4 py-4 lg:h-[calc(100dvh-70px)] lg:min-h-[36rem] lg:flex-none lg:grid-cols-[minmax(22rem,2fr)_minmax(0,3fr)] lg:grid-rows-[auto_minmax(0,1fr)] lg:gap-x-6 lg:gap-y-0 lg:py-6">
      <title>{pageTitle(UI_TEXT.searchOffersTitle)}</title>

      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:col-start-1 lg:row-start-1 lg:rounded-b-none lg:border-b-0 lg:shadow-none sm:p-5">
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{UI_TEXT.searchOffersTitle}</h1>
        <div className="relative mt-3">
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
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={UI_TEXT.searchByComunePlaceholder}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            className="block min-h-11 w-full rounded-lg border border-slate-400 bg-white py-2 pl-10 pr-3 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-emerald-700"
          />
        </div>
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
            {UI_TEXT.searchFiltersCount(countSearchFilters(filters))}
          </Button>
          <div className="ml-auto flex flex-col gap-1">
            <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
              {UI_TEXT.searchSortLabel}
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
        <p role="status" className="mt-2 min-h-5 text-sm text-slate-600">
          {offers.isPlaceholderData ? UI_TEXT.searchUpdating : offers.data ? UI_TEXT.offersFound(visible.length) : null}
          {offers.data && withoutPosition > 0 ? <> · {UI_TEXT.offersWithoutPosition(withoutPosition)}</> : null}
        </p>
      </div>

      {/* The map names itself (role region, 'Mappa delle offerte'). */}
      <div
        ref={mapBox}
        className="h-[45vh] min-h-72 scroll-mt-20 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-sm lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:h-auto"
      >
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center">
              <Spinner size="lg" />
            </div>
          }
        >
          <OffersMap
            points={mapView.points}
            filter={mapView.filter}
            circle={circle}
            selectedId={expandedId === null ? null : (pointOf.get(expandedId) ?? null)}
            onSelect={selectFromMap}
          />
        </Suspense>
      </div>

      <div className="flex max-h-[75dvh] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:col-start-1 lg:row-start-2 lg:max-h-none lg:rounded-t-none lg:border-t-slate-200">
        {offers.data ? (
          visible.length ? (
            <OfferSearchList
              offers={visible}
              expandedId={expandedId}
              onToggle={toggle}
              reveal={reveal}
              canApply={canApply}
              onApply={sendCv}
              applyingId={apply.isPending ? (apply.variables ?? null) : null}
              applicationStatuses={applicationStatuses}
              stale={filter !== deferredFilter || offers.isPlaceholderData}
              onShowOnMap={showOnMap}
            />
          ) : (
            <p className="px-6 py-10 text-center text-base text-slate-700">
              {query ? UI_TEXT.offersNoneForComune : countSearchFilters(filters) ? UI_TEXT.searchNoResults : UI_TEXT.offersEmpty}
            </p>
          )
        ) : offers.isError ? (
          <QueryLoadError query={offers} className="m-6 text-base" />
        ) : (
          <PageSpinner />
        )}
      </div>

      {cvDialogUsed ? (
        <Suspense fallback={<OverlaySpinner />}>
          <CvDialog
            open={cvDialogOpen}
            onOpenChange={setCvDialogOpen}
            returnFocusRef={applyButton}
            notice={MESSAGES.cvNeededToApply}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * /cerca_offerte (docs/product.md#search-offers): 'Farmacie che Cercano Personale' with a comune filter and the open
 * offers as collapsible rows, beside a map of them. Nothing here grows with the number of offers in Italy (decision
 * 037): the list is one page of the server's search (20 rows, a pager below), the comune box is the search's `comune`
 * filter (sent once typing pauses, and kept in the URL with the others), and the map shows the server's clusters for
 * the area on screen.
 */
import type { TApplicationStatus, TOfferSearchResult } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { SEARCH_TEXT } from '@farmaponte/shared/ui-text-search';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ComponentType,
  type FormEvent,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { EmailConfirmationNotice } from '../../../components/email-confirmation/email-confirmation-notice';
import { Button } from '../../../components/ui/button';
import type { TLazyDialogProps } from '../../../components/ui/lazy-dialog-button';
import { LoadError, QueryLoadError } from '../../../components/ui/load-error';
import { OverlaySpinner, PageSpinner, Spinner, SpinnerIcon } from '../../../components/ui/spinner';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { leaveFirstScreen } from '../../../lib/first-screen';
import { lazyWithPreload, whenIdle } from '../../../lib/lazy-with-preload';
import { notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useApplyToOffer } from '../api/apply-to-offer';
import { OFFERS_PAGE_SIZE, useOffersByIds, useOffersPage } from '../api/get-offers';
import { mapSearchKey, type TOfferMapPoint, useOffersMap } from '../api/get-offers-map';
import { offersKeys } from '../api/query-keys';
import { OfferSearchList, rowButtonId } from '../components/offer-search-list';
import type { TSelectedPlace } from '../components/offers-map';
import { SavedSearchesBar } from '../components/saved-searches';
import { FIRST_AREA, type TMapArea } from '../lib/map-area';
import { SEARCH_PAGE_CLASSES } from '../lib/offer-row-look';
import {
  countSearchFilters,
  readSearchFilters,
  readSearchPage,
  SEARCH_SORTS,
  searchFiltersQuery,
  searchLocation,
  searchSummary,
  type TSearchFilters,
} from '../lib/search-filters';
import { useNearPoint } from '../lib/use-near-point';

// The map's chunk (Leaflet, a quarter of the page's code) is asked for once the list has its first page: on a phone's
// network it would otherwise share the line with the code and the data the list waits for (decision 037). Its
// clusters are already asked for by the route, with the list.
const OffersMap = lazyWithPreload(() => import('../components/offers-map'));
const SearchFiltersDialog = lazyWithPreload(() => import('../components/search-filters-dialog'));

/** What the map's box shows until the map's code has come. */
const mapSpinner = (
  <div className={SEARCH_PAGE_CLASSES.mapSpinner}>
    <Spinner size="lg" />
  </div>
);

/** The comune box asks the server once typing pauses this long. */
const COMUNE_DELAY_MS = 300;

const SORT_LABELS: Record<(typeof SEARCH_SORTS)[number], string> = {
  date: SEARCH_TEXT.searchSortDate,
  pay: SEARCH_TEXT.searchSortPay,
  distance: SEARCH_TEXT.searchSortDistance,
};

/** The CV upload dialog, plugged in by the app (features do not import each other). */
export type TCvDialog = ComponentType<TLazyDialogProps & { notice?: string }> & { preload: () => Promise<void> };

/** A place chosen on the map, for the search it was chosen in. */
interface TChosenPlace {
  search: string;
  label: string;
  /** Its offers; a place lists the first 20 of them (oldest first). */
  count: number;
  ids: readonly number[];
}

export function SearchOffersPage({ cvDialog: CvDialog }: { cvDialog: TCvDialog }) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSearchFilters(params), [params]);
  const page = readSearchPage(params);
  const search = mapSearchKey(filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersUsed, setFiltersUsed] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const applyFilters = useCallback(
    (next: TSearchFilters) => {
      // A new entry in the history: back returns to the previous search (which starts again from its first page).
      setParams(searchFiltersQuery(next));
      setFiltersOpen(false);
    },
    [setParams],
  );
  const sortId = useId();
  const searchId = useId();
  const details = useUserDetails();
  const apply = useApplyToOffer();
  const queryClient = useQueryClient();
  const near = useNearPoint(filters.near);

  // The comune box is the search's `comune` filter: typed here, sent (and written into the URL) once typing pauses.
  const [comuneText, setComuneText] = useState(filters.comune ?? '');
  const writtenComune = useRef(filters.comune ?? '');
  useEffect(() => {
    // The URL changed under the box (back, a saved search, the filters dialog): the box follows it.
    const comune = filters.comune ?? '';
    if (comune === writtenComune.current) return;
    writtenComune.current = comune;
    setComuneText(comune);
  }, [filters.comune]);
  const typedComune = useDebouncedValue(comuneText.trim(), COMUNE_DELAY_MS);
  const latestFilters = useRef(filters);
  latestFilters.current = filters;
  const writeComune = useCallback(
    (comune: string) => {
      const current = latestFilters.current;
      if (comune === (current.comune ?? '')) return;
      writtenComune.current = comune;
      // Replaced, not pushed: the history keeps searches, not each pause while typing.
      setParams(searchFiltersQuery({ ...current, comune: comune || undefined }), { replace: true });
    },
    [setParams],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text settles, on purpose (not when the URL changes)
  useEffect(() => {
    if (typedComune === comuneText.trim()) writeComune(typedComune);
  }, [typedComune]);
  const submitComune = (event: FormEvent) => {
    event.preventDefault();
    writeComune(comuneText.trim());
  };
  const typing = comuneText.trim() !== (filters.comune ?? '');

  // The list: one page of the search.
  const list = useOffersPage(filters, page);
  // Once the list has answered (or failed), the map comes; it stays once it has come.
  const [mapWanted, setMapWanted] = useState(false);
  const listAnswered = list.data !== undefined || list.isError;
  useEffect(() => {
    if (listAnswered) setMapWanted(true);
  }, [listAnswered]);
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / OFFERS_PAGE_SIZE));
  /** After a new page, the focus goes to its first row once it has arrived. */
  const focusFirstRow = useRef(false);
  const goToPage = useCallback(
    (next: number) => {
      focusFirstRow.current = true;
      setParams(searchLocation(latestFilters.current, next), { replace: true });
    },
    [setParams],
  );
  useEffect(() => {
    // Offers closed meanwhile (or an old link) can leave the page past the end: go to the last one.
    if (list.data && !list.isPlaceholderData && page > pages) setParams(searchLocation(filters, pages), { replace: true });
  }, [list.data, list.isPlaceholderData, page, pages, filters, setParams]);

  // The map: the search's clusters for the area on screen; every new search first asks about the whole world at the
  // opening zoom (decision 037), which the router has already asked for while this code downloaded.
  const [view, setView] = useState<(TMapArea & { search: string }) | null>(null);
  const area = view?.search === search ? view : FIRST_AREA;
  const mapQuery = useOffersMap(filters, area);
  const onView = useCallback(
    (next: TMapArea) =>
      setView((current) =>
        current?.search === search && current.bbox === next.bbox && current.zoom === next.zoom ? current : { ...next, search },
      ),
    [search],
  );
  const withoutPosition = mapQuery.data?.search === search ? mapQuery.data.without_position : 0;

  // A place chosen on the map: its offers replace the list (first one open) until 'Tutte le offerte'.
  const [chosen, setChosen] = useState<TChosenPlace | null>(null);
  const place = chosen?.search === search ? chosen : null;
  const placeOffers = useOffersByIds(place?.ids ?? []);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const openPlace = useRef(false);
  const onPlace = useCallback(
    (point: TOfferMapPoint) => {
      openPlace.current = true;
      setExpandedId(null);
      setChosen({ search, label: point.label ?? '', count: point.count, ids: point.offer_ids });
    },
    [search],
  );
  const backToList = () => {
    focusFirstRow.current = true;
    setChosen(null);
  };

  const rows: readonly TOfferSearchResult[] | undefined = place ? placeOffers.data : list.data?.results;
  const listBox = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when new rows arrive, on purpose
  useEffect(() => {
    if (!rows?.length) return;
    if (place && openPlace.current && !placeOffers.isFetching) {
      openPlace.current = false;
      const first = rows[0];
      if (!first) return;
      setExpandedId(first.id);
      bringRowIntoView(first.id);
    } else if (!place && focusFirstRow.current && !list.isPlaceholderData) {
      focusFirstRow.current = false;
      const first = rows[0];
      if (first) bringRowIntoView(first.id);
    }
  }, [rows, place, placeOffers.isFetching, list.isPlaceholderData]);
  /** The list from its top, the row focused; on a phone (the list below the map) the page scrolls to the list's top. */
  function bringRowIntoView(offerId: number) {
    requestAnimationFrame(() => {
      if (scroller.current) scroller.current.scrollTop = 0;
      const box = listBox.current;
      if (box && box.getBoundingClientRect().top < 0) box.scrollIntoView({ block: 'start' });
      document.getElementById(rowButtonId(offerId))?.focus({ preventScroll: true });
    });
  }

  const toggle = useCallback((offerId: number) => setExpandedId((current) => (current === offerId ? null : offerId)), []);
  const mapBox = useRef<HTMLDivElement>(null);
  /** On a phone the map sits above the list: 'Mostra sulla mappa' brings it (and the chosen marker) into view. */
  const showOnMap = useCallback(() => {
    mapBox.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  /** 'Vedi nell'elenco' in the red pin's popup: the open row, focused and in view. */
  const showInList = useCallback(() => {
    const button = expandedId === null ? null : document.getElementById(rowButtonId(expandedId));
    if (!button) return;
    button.scrollIntoView({ behavior: 'smooth', block: 'center' });
    button.focus({ preventScroll: true });
  }, [expandedId]);

  const expandedOffer = rows?.find((offer) => offer.id === expandedId);
  const selected = useMemo((): TSelectedPlace | null => {
    if (!expandedOffer || expandedOffer.lat === null || expandedOffer.lng === null) return null;
    const { lat, lng } = expandedOffer;
    const here = place ? (rows ?? []).filter((offer) => offer.lat === lat && offer.lng === lng) : [expandedOffer];
    return { lat, lng, label: expandedOffer.denominazione_farmacia, lines: here.map((offer) => offer.title) };
  }, [expandedOffer, place, rows]);

  const circle = useMemo(
    () => (near && filters.radius_km ? { lat: near.lat, lng: near.lng, radiusKm: Number(filters.radius_km) } : null),
    [near, filters.radius_km],
  );

  // 'Manda CV'. The search answers each offer's application status; one just sent shows at once.
  const [sent, setSent] = useState<ReadonlyMap<number, TApplicationStatus>>(new Map());
  const statusOf = useCallback((offer: TOfferSearchResult) => sent.get(offer.id) ?? offer.my_application_status ?? null, [sent]);
  /** The 'Manda CV' that found no CV: the focus goes back there once the CV dialog closes. */
  const applyButton = useRef<HTMLElement | null>(null);
  const [cvDialogOpen, setCvDialogOpen] = useState(false);
  const [cvDialogUsed, setCvDialogUsed] = useState(false);
  const askForCv = useCallback(() => {
    setCvDialogUsed(true);
    setCvDialogOpen(true);
  }, []);
  const [confirmFirst, setConfirmFirst] = useState<string | null>(null);
  const confirmNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirmFirst) confirmNotice.current?.scrollIntoView({ block: 'nearest' });
  }, [confirmFirst]);
  const sendCv = useCallback(
    (offer: TOfferSearchResult) => {
      applyButton.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // The CV must be stored first (docs/rules.md#applications): nothing is sent, and the CV dialog opens right here to upload one.
      if (!details.data?.profile.pdf_file) return askForCv();
      apply.mutate(offer.id, {
        onSuccess: () => {
          notify.success(MESSAGES.applicationSent);
          setSent((current) => new Map(current).set(offer.id, 'sent'));
          void queryClient.invalidateQueries({ queryKey: offersKeys.open });
        },
        onError: (error) => {
          // The server found no CV after all (e.g. the list was older than the profile): same as having none.
          if (error instanceof ApiError && error.code === 'cv_missing') return askForCv();
          // Not before the e-mail is confirmed (decision 047): the reason and 'Invia di nuovo' at the top of the list.
          if (error instanceof ApiError && error.code === 'email_not_verified') return setConfirmFirst(error.message);
          // The server's message when it answered (e.g. already applied), the generic one when it did not.
          notify.error(error instanceof ApiError && error.status > 0 ? error.message : MESSAGES.applicationFailed);
        },
      });
    },
    [details.data, apply.mutate, askForCv, queryClient],
  );
  const canApply = details.data?.role === 'farmacista';
  const hasCv = Boolean(details.data?.profile.pdf_file);
  useEffect(() => {
    // A pharmacist without a CV will meet the CV dialog at the first 'Manda CV': have it ready, once the map's code has
    // come and the page is idle (on a phone's line the dialog would share the bandwidth the first view waits for).
    if (!canApply || hasCv || !mapWanted) return;
    let cancelled = false;
    void OffersMap.preload().then(() => {
      if (!cancelled) whenIdle(() => void CvDialog.preload());
    });
    return () => {
      cancelled = true;
    };
  }, [canApply, hasCv, mapWanted, CvDialog]);

  const updating = typing || list.isPlaceholderData;
  const shownRows = rows ?? [];
  const listError = place ? placeOffers : list;
  // The first screen drawn before the app (decision 057) goes in the frame this page shows the list (or why there is
  // none) in its place: the same rows, so nothing moves.
  const listShown = rows !== undefined || listError.isError;
  useLayoutEffect(() => {
    if (listShown) leaveFirstScreen();
  }, [listShown]);

  return (
    <div className={SEARCH_PAGE_CLASSES.grid}>
      <title>{pageTitle(UI_TEXT.searchOffersTitle)}</title>

      <div className={SEARCH_PAGE_CLASSES.card}>
        <h1 className={SEARCH_PAGE_CLASSES.title}>{UI_TEXT.searchOffersTitle}</h1>
        <form className="relative mt-3" onSubmit={submitComune}>
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
            value={comuneText}
            onChange={(event) => setComuneText(event.target.value)}
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
          {updating
            ? SEARCH_TEXT.searchUpdating
            : list.data
              ? pages > 1
                ? `${UI_TEXT.offersFound(count)} · ${UI_TEXT.searchPageStatus(page, pages)}`
                : UI_TEXT.offersFound(count)
              : null}
          {list.data && withoutPosition > 0 ? <> · {UI_TEXT.offersWithoutPosition(withoutPosition)}</> : null}
        </p>
        {confirmFirst && details.data ? (
          <div ref={confirmNotice} className="scroll-mt-20">
            <EmailConfirmationNotice email={details.data.username} because={confirmFirst} className="mt-3" />
          </div>
        ) : null}
      </div>

      {/* The map names itself (role region, 'Mappa delle offerte'). */}
      <div ref={mapBox} className={SEARCH_PAGE_CLASSES.mapBox}>
        <Suspense fallback={mapSpinner}>
          {mapWanted ? (
            <OffersMap
              answer={mapQuery.data}
              search={search}
              circle={circle}
              selected={selected}
              onView={onView}
              onPlace={onPlace}
              onShowInList={showInList}
            />
          ) : (
            mapSpinner
          )}
        </Suspense>
        {mapQuery.isFetching ? (
          // The list's status says what is loading; this only shows the map is asking.
          <div className="pointer-events-none absolute right-3 top-3 z-[1000] rounded-full bg-white/90 p-1.5 text-emerald-700 shadow">
            <SpinnerIcon />
          </div>
        ) : null}
        {mapQuery.isError && !mapQuery.isFetching ? (
          <div className="absolute inset-x-3 bottom-3 z-[1000]">
            <LoadError message={SEARCH_TEXT.mapLoadFailed} onRetry={() => mapQuery.refetch()} className="shadow" />
          </div>
        ) : null}
      </div>

      <div ref={listBox} className={SEARCH_PAGE_CLASSES.listBox}>
        {place ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-2">
            <Button type="button" variant="ghost" onClick={backToList} className="min-h-11 -ml-2 px-2">
              <span aria-hidden="true">←</span> {SEARCH_TEXT.placeOffersBack}
            </Button>
            <p className="min-w-0 text-sm text-slate-700">
              <strong className="font-semibold text-slate-900">{place.label}</strong> · {UI_TEXT.offersAtPharmacy(place.count)}
              {place.count > place.ids.length ? `, ${SEARCH_TEXT.placeOffersFirst(place.ids.length)}` : null}
            </p>
          </div>
        ) : null}
        <div ref={scroller} className={SEARCH_PAGE_CLASSES.scroller}>
          {rows ? (
            shownRows.length ? (
              <OfferSearchList
                offers={shownRows}
                expandedId={expandedId}
                onToggle={toggle}
                canApply={canApply}
                onApply={sendCv}
                applyingId={apply.isPending ? (apply.variables ?? null) : null}
                statusOf={statusOf}
                stale={updating && !place}
                onShowOnMap={showOnMap}
              />
            ) : (
              <p className="px-6 py-10 text-center text-base text-slate-700">
                {place
                  ? UI_TEXT.offersEmpty
                  : filters.comune
                    ? UI_TEXT.offersNoneForComune
                    : countSearchFilters(filters)
                      ? SEARCH_TEXT.searchNoResults
                      : UI_TEXT.offersEmpty}
              </p>
            )
          ) : listError.isError ? (
            <QueryLoadError query={listError} className="m-6 text-base" />
          ) : (
            <PageSpinner />
          )}
        </div>
        {!place && list.data && pages > 1 ? (
          <nav
            aria-label={UI_TEXT.pagination}
            className="flex items-center justify-between gap-2 border-t border-slate-200 px-3 py-2"
          >
            {/* Arrows alone where the column is narrow (a phone, beside the map); the name always says which page. */}
            <Button
              variant="secondary"
              aria-label={UI_TEXT.previousPageLabel}
              title={UI_TEXT.previousPageLabel}
              disabled={page <= 1}
              onClick={() => goToPage(page - 1)}
              className="min-w-11 px-3"
            >
              <span aria-hidden="true">←</span>
              <span className="hidden sm:inline lg:hidden">{UI_TEXT.previousPage}</span>
            </Button>
            <p className="whitespace-nowrap text-center text-sm font-medium text-slate-800">{UI_TEXT.pageOf(page, pages)}</p>
            <Button
              variant="secondary"
              aria-label={UI_TEXT.nextPageLabel}
              title={UI_TEXT.nextPageLabel}
              disabled={page >= pages}
              onClick={() => goToPage(page + 1)}
              className="min-w-11 px-3"
            >
              <span className="hidden sm:inline lg:hidden">{UI_TEXT.nextPage}</span>
              <span aria-hidden="true">→</span>
            </Button>
          </nav>
        ) : null}
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

/**
 * The map's box on /cerca_offerte: a spinner until the list has answered and the map's code has come, then the map with
 * the search's clusters, a small spinner while it asks about a new area, and a retry when it could not.
 */
import { SEARCH_TEXT } from '@farmaponte/shared/ui-text-search';
import { Suspense } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner, SpinnerIcon } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import type { TOfferMapPoint } from '../api/get-offers-map';
import { SEARCH_PAGE_CLASSES } from '../lib/offer-row-look';
import type { TSearchMap } from '../lib/use-search-map';
import type { TSelectedPlace } from './offers-map';

// The map's chunk (Leaflet, a quarter of the page's code) is asked for once the list has its first page: on a phone's
// network it would otherwise share the line with the code and the data the list waits for (decision 037). Its
// clusters are already asked for by the route, with the list.
const OffersMap = lazyWithPreload(() => import('./offers-map'));

/** Resolves once the map's code has come (or failed): what waits for it may then download. */
export const preloadOffersMap = OffersMap.preload;

/** What the map's box shows until the map's code has come. */
const mapSpinner = (
  <div className={SEARCH_PAGE_CLASSES.mapSpinner}>
    <Spinner size="lg" />
  </div>
);

export function SearchMapPanel({
  map,
  search,
  wanted,
  selected,
  onPlace,
  onShowInList,
}: {
  map: TSearchMap;
  search: string;
  /** The list has answered: the map's code may come. */
  wanted: boolean;
  selected: TSelectedPlace | null;
  onPlace: (point: TOfferMapPoint) => void;
  onShowInList: () => void;
}) {
  const { query } = map;
  return (
    // The map names itself (role region, 'Mappa delle offerte').
    <div ref={map.box} className={SEARCH_PAGE_CLASSES.mapBox}>
      <Suspense fallback={mapSpinner}>
        {wanted ? (
          <OffersMap
            answer={query.data}
            search={search}
            circle={map.circle}
            selected={selected}
            onView={map.onView}
            onPlace={onPlace}
            onShowInList={onShowInList}
          />
        ) : (
          mapSpinner
        )}
      </Suspense>
      {query.isFetching ? (
        // The list's status says what is loading; this only shows the map is asking.
        <div className="pointer-events-none absolute right-3 top-3 z-[1000] rounded-full bg-white/90 p-1.5 text-emerald-700 shadow">
          <SpinnerIcon />
        </div>
      ) : null}
      {query.isError && !query.isFetching ? (
        <div className="absolute inset-x-3 bottom-3 z-[1000]">
          <LoadError message={SEARCH_TEXT.mapLoadFailed} onRetry={() => query.refetch()} className="shadow" />
        </div>
      ) : null}
    </div>
  );
}

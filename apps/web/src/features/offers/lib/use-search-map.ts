/**
 * The map of /cerca_offerte: the search's clusters for the area on screen (decision 037), the circle of a 'vicino a'
 * search, and its box, which 'Mostra sulla mappa' scrolls to on a phone.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useOffersMap } from '../api/get-offers-map';
import type { TSearchCircle } from '../components/offers-map';
import { FIRST_AREA, type TMapArea } from './map-area';
import { useNearPoint } from './use-near-point';
import type { TSearchAddress } from './use-search-address';

export function useSearchMap({ filters, search }: TSearchAddress) {
  // Every new search first asks about the whole world at the opening zoom (decision 037), which the router has already
  // asked for while this code downloaded.
  const [view, setView] = useState<(TMapArea & { search: string }) | null>(null);
  const area = view?.search === search ? view : FIRST_AREA;
  const query = useOffersMap(filters, area);
  const onView = useCallback(
    (next: TMapArea) =>
      setView((current) =>
        current?.search === search && current.bbox === next.bbox && current.zoom === next.zoom ? current : { ...next, search },
      ),
    [search],
  );
  const withoutPosition = query.data?.search === search ? query.data.without_position : 0;

  const near = useNearPoint(filters.near);
  const circle = useMemo(
    (): TSearchCircle | null =>
      near && filters.radius_km ? { lat: near.lat, lng: near.lng, radiusKm: Number(filters.radius_km) } : null,
    [near, filters.radius_km],
  );

  const box = useRef<HTMLDivElement>(null);
  /** On a phone the map sits above the list: 'Mostra sulla mappa' brings it (and the chosen marker) into view. */
  const showOnMap = useCallback(() => {
    box.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  return { query, onView, withoutPosition, circle, box, showOnMap };
}

export type TSearchMap = ReturnType<typeof useSearchMap>;

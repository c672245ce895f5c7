/**
 * The list of /cerca_offerte: one page of the search (decision 037) or, once a place is chosen on the map, that
 * place's offers; which row is open, and the row brought into view (and focused) when a new page or place arrives.
 */
import type { TOfferSearchResult } from '@farmaponte/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { OFFERS_PAGE_SIZE, useOffersByIds, useOffersPage } from '../api/get-offers';
import type { TOfferMapPoint } from '../api/get-offers-map';
import { rowButtonId } from '../components/offer-search-list';
import type { TSelectedPlace } from '../components/offers-map';
import type { TSearchAddress } from './use-search-address';

/** A place chosen on the map, for the search it was chosen in. */
interface TChosenPlace {
  search: string;
  label: string;
  /** Its offers; a place lists the first 20 of them (oldest first). */
  count: number;
  ids: readonly number[];
}

export function useSearchList({ filters, page, search, showPage }: TSearchAddress) {
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
      showPage(next);
    },
    [showPage],
  );
  useEffect(() => {
    // Offers closed meanwhile (or an old link) can leave the page past the end: go to the last one.
    if (list.data && !list.isPlaceholderData && page > pages) showPage(pages);
  }, [list.data, list.isPlaceholderData, page, pages, showPage]);

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
  /** 'Vedi nell'elenco' in the red pin's popup: the open row, focused and in view. */
  const showInList = useCallback(() => {
    const button = expandedId === null ? null : document.getElementById(rowButtonId(expandedId));
    if (!button) return;
    button.scrollIntoView({ behavior: 'smooth', block: 'center' });
    button.focus({ preventScroll: true });
  }, [expandedId]);

  // The open row's pharmacy is the map's red pin, with the titles of the offers listed there.
  const expandedOffer = rows?.find((offer) => offer.id === expandedId);
  const selected = useMemo((): TSelectedPlace | null => {
    if (!expandedOffer || expandedOffer.lat === null || expandedOffer.lng === null) return null;
    const { lat, lng } = expandedOffer;
    const here = place ? (rows ?? []).filter((offer) => offer.lat === lat && offer.lng === lng) : [expandedOffer];
    return { lat, lng, label: expandedOffer.denominazione_farmacia, lines: here.map((offer) => offer.title) };
  }, [expandedOffer, place, rows]);

  return {
    list,
    count,
    pages,
    goToPage,
    mapWanted,
    place,
    onPlace,
    backToList,
    rows,
    /** Why there are no rows: the page's query, or the place's. */
    rowsQuery: place ? placeOffers : list,
    expandedId,
    toggle,
    showInList,
    selected,
    listBox,
    scroller,
  };
}

export type TSearchList = ReturnType<typeof useSearchList>;

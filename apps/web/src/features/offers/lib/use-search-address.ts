/**
 * /cerca_offerte's search as its address holds it (decision 028): the filters, the page of the list, and the comune
 * box, which is the search's `comune` filter as it is typed (written into the address once typing pauses).
 */
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { mapSearchKey } from '../api/get-offers-map';
import { readSearchFilters, readSearchPage, searchFiltersQuery, searchLocation, type TSearchFilters } from './search-filters';

/** The comune box asks the server once typing pauses this long. */
const COMUNE_DELAY_MS = 300;

export function useSearchAddress() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSearchFilters(params), [params]);
  const page = readSearchPage(params);
  /** The search the map answers: the filters without their sort. */
  const search = mapSearchKey(filters);
  const latestFilters = useRef(filters);
  latestFilters.current = filters;

  // A new entry in the history: back returns to the previous search (which starts again from its first page).
  const applyFilters = useCallback((next: TSearchFilters) => setParams(searchFiltersQuery(next)), [setParams]);
  /** Another page of the same search, in place of this one in the history. */
  const showPage = useCallback(
    (next: number) => setParams(searchLocation(latestFilters.current, next), { replace: true }),
    [setParams],
  );

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

  return {
    filters,
    page,
    search,
    applyFilters,
    showPage,
    comune: {
      text: comuneText,
      setText: setComuneText,
      submit: submitComune,
      /** The box says something the search does not yet. */
      typing: comuneText.trim() !== (filters.comune ?? ''),
    },
  };
}

export type TSearchAddress = ReturnType<typeof useSearchAddress>;

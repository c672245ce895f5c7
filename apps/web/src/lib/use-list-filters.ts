/**
 * The filters and the page of a list paged by the server, for the admin list frame (`components/admin-list-page.tsx`).
 * A list keeps them in its address (`?actor=…&page=2`: a filtered view can be shared and survives a reload) or in the
 * page's state (gone on reload); either way another filter starts again from page 1, and a page past the end moves to
 * the last one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** A list's filters by name, each a string ('' or the default when not chosen), as the address holds them. */
export type TFilterValues<T> = { [K in keyof T]: string };

export interface TListFilters<T extends TFilterValues<T>> {
  filters: T;
  /** Whether a filter differs from its default: an empty list then says nothing matches, not that there is nothing. */
  filtered: boolean;
  /** Other filters, from page 1. */
  setFilters: (next: T) => void;
  /** One filter, from page 1; nothing happens when it already has that value. */
  setFilter: <K extends keyof T>(name: K, value: T[K]) => void;
  page: number;
  /** `replace`: in the address, without a new entry in the history (a correction, not a step the user took). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
}

export interface TListFiltersOptions<T> {
  /** Kept in the address (a value at its default left out) rather than in the page's state. */
  inAddress?: boolean;
  /** Whether the address's value of a filter is one the list knows (an unknown one reads as the default). */
  accepts?: (name: keyof T, value: string) => boolean;
}

/** The filters an address holds: each by its name, the default where it is missing or not accepted. */
export function readListFilters<T extends TFilterValues<T>>(
  params: URLSearchParams,
  defaults: T,
  accepts?: (name: keyof T, value: string) => boolean,
): T {
  const filters = { ...defaults };
  for (const name of Object.keys(defaults) as (keyof T & string)[]) {
    const value = params.get(name);
    if (value !== null && (accepts?.(name, value) ?? true)) filters[name] = value as T[typeof name];
  }
  return filters;
}

/** The page an address holds: `page`, 1 when missing or not a page number. */
export function readListPage(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/** The address of a set of filters, trimmed, in the defaults' order, without those empty or at their default; page 1. */
export function listAddress<T extends TFilterValues<T>>(filters: T, defaults: T): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(defaults) as (keyof T & string)[]) {
    const value = filters[name].trim();
    if (value && value !== defaults[name]) params.set(name, value);
  }
  return params;
}

/** The address with another page, every other parameter as it was (page 1 is the address without `page`). */
export function withListPage(params: URLSearchParams, page: number): URLSearchParams {
  const updated = new URLSearchParams(params);
  if (page > 1) updated.set('page', String(page));
  else updated.delete('page');
  return updated;
}

export function useListFilters<T extends TFilterValues<T>>(
  defaults: T,
  { inAddress = false, accepts }: TListFiltersOptions<T> = {},
): TListFilters<T> {
  const [params, setParams] = useSearchParams();
  const [held, setHeld] = useState({ filters: defaults, page: 1 });
  const filters = inAddress ? readListFilters(params, defaults, accepts) : held.filters;
  const page = inAddress ? readListPage(params) : held.page;
  const latest = useRef(filters);
  latest.current = filters;

  const setFilters = useCallback(
    (next: T) => {
      // A new entry in the history: back returns to the previous view, with its page.
      if (inAddress) setParams(listAddress(next, defaults));
      else setHeld({ filters: next, page: 1 });
    },
    [inAddress, setParams, defaults],
  );
  const setFilter = useCallback(
    <K extends keyof T>(name: K, value: T[K]) => {
      if (latest.current[name] !== value) setFilters({ ...latest.current, [name]: value });
    },
    [setFilters],
  );
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => {
      if (inAddress) setParams((current) => withListPage(current, next), { replace: options?.replace });
      else setHeld((current) => ({ ...current, page: next }));
    },
    [inAddress, setParams],
  );
  const filtered = (Object.keys(defaults) as (keyof T)[]).some((name) => filters[name] !== defaults[name]);
  return { filters, filtered, setFilters, setFilter, page, setPage };
}

/**
 * How many pages `count` rows make; once the answer for this page is in (`settled`: not the previous page's kept on
 * screen), a page past the end (rows deleted or decided meanwhile, an old link) moves to the last one.
 */
export function usePageCount(
  { page, setPage }: { page: number; setPage: (page: number, options?: { replace?: boolean }) => void },
  answer: { count: number; settled: boolean } | undefined,
  pageSize: number,
): number {
  const pages = Math.max(1, Math.ceil((answer?.count ?? 0) / pageSize));
  const pastTheEnd = answer?.settled === true && page > pages;
  useEffect(() => {
    if (pastTheEnd) setPage(pages, { replace: true });
  }, [pastTheEnd, pages, setPage]);
  return pages;
}

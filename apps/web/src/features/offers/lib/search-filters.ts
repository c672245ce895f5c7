/**
 * The search of /cerca_offerte as it lives in the URL (`?near=Milano&radius_km=30&from=…`): the same names as the
 * query of GET /api/offers/ and the `filters` of a saved search, so a link, a reload, the API call and an alert all
 * say the same thing. Values the page cannot use are dropped when read, never sent.
 */

import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { PAY_SEARCH_TEXT } from '@farmaponte/shared/ui-text-pay-search';

export const SEARCH_FILTER_NAMES = [
  'region',
  'province',
  'comune',
  'near',
  'radius_km',
  'from',
  'to',
  'min_pay',
  'min_total',
  'kind',
  'forma',
  'sort',
] as const;
export type TSearchFilterName = (typeof SEARCH_FILTER_NAMES)[number];
export type TSearchFilters = Partial<Record<TSearchFilterName, string>>;

export const OFFER_KINDS = ['single', 'multi'] as const;
export const SEARCH_SORTS = ['date', 'pay', 'total', 'distance'] as const;
/** 'Forma di lavoro' (decision 093): the API's `forma`; an offer with both forms matches either. */
export const SEARCH_LEGAL_FORMS = ['dipendente', 'libera_professione'] as const;
export const DEFAULT_RADIUS_KM = 30;
/** The highest total (euros) the API takes for `min_total` (decision 094). */
export const SEARCH_MIN_TOTAL_MAX = LIMITS.searchMinTotalMax;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** The API's bounds (LIMITS), so a URL the API would refuse is read as no filter rather than sent. */
const placeName = (value: string) => value.length <= LIMITS.searchPlaceMaxLength;
const between = (value: string, min: number, max: number) => Number(value) >= min && Number(value) <= max;
const checks: Record<TSearchFilterName, (value: string) => boolean> = {
  region: placeName,
  province: placeName,
  comune: placeName,
  near: placeName,
  radius_km: (value) => /^\d+$/.test(value) && between(value, LIMITS.searchRadiusMinKm, LIMITS.searchRadiusMaxKm),
  from: (value) => isoDate.test(value),
  to: (value) => isoDate.test(value),
  min_pay: (value) => /^\d+(\.\d{1,2})?$/.test(value) && between(value, 0, LIMITS.hourlyPayMax),
  min_total: (value) => /^\d+(\.\d{1,2})?$/.test(value) && between(value, 0, SEARCH_MIN_TOTAL_MAX),
  kind: (value) => (OFFER_KINDS as readonly string[]).includes(value),
  forma: (value) => (SEARCH_LEGAL_FORMS as readonly string[]).includes(value),
  sort: (value) => (SEARCH_SORTS as readonly string[]).includes(value),
};

/** The filters a URL holds, trimmed, without blanks or values the API would refuse. */
export function readSearchFilters(params: URLSearchParams): TSearchFilters {
  const filters: TSearchFilters = {};
  for (const name of SEARCH_FILTER_NAMES) {
    const value = params.get(name)?.trim();
    if (value && checks[name](value)) filters[name] = value;
  }
  // A radius means something only around a place; distance sorting too.
  if (!filters.near) {
    delete filters.radius_km;
    if (filters.sort === 'distance') delete filters.sort;
  }
  return filters;
}

/** The query string of the filters, in a fixed order (one search, one URL and one cache entry). */
export function searchFiltersQuery(filters: TSearchFilters): string {
  const params = new URLSearchParams();
  for (const name of SEARCH_FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  return params.toString();
}

/** How many filters are set (the phone's 'Filtri (3)' button); the sort is not a filter. */
export function countSearchFilters(filters: TSearchFilters): number {
  return SEARCH_FILTER_NAMES.filter((name) => name !== 'sort' && name !== 'radius_km' && filters[name]).length;
}

/** A short name for the search ('entro 30 km da Milano, almeno 18 €/ora'), the first guess for a saved search's name. */
export function searchSummary(filters: TSearchFilters): string {
  const parts = [
    filters.near ? UI_TEXT.searchNearSummary(filters.near, filters.radius_km ?? String(DEFAULT_RADIUS_KM)) : null,
    filters.comune ?? filters.province ?? filters.region ?? null,
    filters.min_pay ? UI_TEXT.searchMinPaySummary(filters.min_pay.replace('.', ',')) : null,
    filters.min_total ? PAY_SEARCH_TEXT.minTotalSummary(filters.min_total.replace('.', ',')) : null,
  ].filter(Boolean);
  const summary = parts.join(', ');
  return summary ? summary.charAt(0).toUpperCase() + summary.slice(1) : UI_TEXT.savedSearchDefaultName;
}

/** The page of the list, kept in the URL as `page` beside the filters (a reload or a way back finds it again). */
export function readSearchPage(params: URLSearchParams): number {
  const value = params.get('page')?.trim() ?? '';
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

/** The page's address: the filters, then the page when it is not the first. */
export function searchLocation(filters: TSearchFilters, page: number): string {
  const query = searchFiltersQuery(filters);
  if (page <= 1) return query;
  return query ? `${query}&page=${page}` : `page=${page}`;
}

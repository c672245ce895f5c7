/**
 * What a page's first screen asks the API for, known from its address alone, so the page's HTML can ask before the
 * app's code has arrived (decision 051). /cerca_offerte only: the user (the route guard waits for it), the list's
 * page and the map's first area, built by the same functions as the queries that read them, so the requests match.
 */
import { offersPagePath } from '../features/offers/api/get-offers';
import { offersMapPath } from '../features/offers/api/get-offers-map';
import { FIRST_AREA } from '../features/offers/lib/map-area';
import { readSearchFilters, readSearchPage } from '../features/offers/lib/search-filters';
import { USER_DETAILS_PATH } from '../lib/api/get-user-details';
import { isSearchOffersPath } from '../lib/paths';

export function firstRequests(pathname: string, search: string): string[] {
  const list = firstListRequest(pathname, search);
  if (!list) return [];
  const filters = readSearchFilters(new URLSearchParams(search));
  return [USER_DETAILS_PATH, list.path, offersMapPath(filters, FIRST_AREA)];
}

/** The request of the list's page on /cerca_offerte (null elsewhere) and the page's number: the first screen's data. */
export function firstListRequest(pathname: string, search: string): { path: string; page: number } | null {
  if (!isSearchOffersPath(pathname)) return null;
  const params = new URLSearchParams(search);
  const page = readSearchPage(params);
  return { path: offersPagePath(readSearchFilters(params), page), page };
}

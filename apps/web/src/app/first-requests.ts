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
import { PATHS } from '../lib/paths';

export function firstRequests(pathname: string, search: string): string[] {
  if (pathname !== PATHS.searchOffers && pathname !== `${PATHS.searchOffers}/`) return [];
  const params = new URLSearchParams(search);
  const filters = readSearchFilters(params);
  return [USER_DETAILS_PATH, offersPagePath(filters, readSearchPage(params)), offersMapPath(filters, FIRST_AREA)];
}

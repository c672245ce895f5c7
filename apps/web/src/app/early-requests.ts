/**
 * The page's first script (decision 051), built on its own (vite.config.ts, `earlyRequests`) and loaded by the HTML
 * before the app's entry: a logged-in visitor's first screen's requests start while the app's code still downloads
 * and evaluates, /cerca_offerte's route chunks download beside the entry instead of after it, and its list is drawn as
 * soon as it has come (decision 057). Nothing here may throw: at worst the app sends its requests itself, as it would
 * without this script.
 */

import { USER_DETAILS_PATH } from '../lib/api/get-user-details';
import { startEarlyRequests } from '../lib/early-requests';
import { getAccessToken } from '../lib/storage';
import { isExpired } from '../lib/token-expiry';
import { firstListRequest, firstRequests } from './first-requests';
import { drawSearchFirstScreen } from './first-screen';

/** The route chunks of /cerca_offerte, besides the entry (filled in by the build). */
declare const __SEARCH_ROUTE_CHUNKS__: readonly string[];

try {
  const paths = firstRequests(location.pathname, location.search);
  if (paths.length) {
    for (const file of __SEARCH_ROUTE_CHUNKS__) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = file;
      document.head.append(link);
    }
    // An expired token would be refused: the app refreshes it first, then asks.
    const token = getAccessToken();
    const list = firstListRequest(location.pathname, location.search);
    if (token && !isExpired(token) && list) {
      const responses = startEarlyRequests(paths, token);
      // The list is drawn as soon as it has come, before the app's code (decision 057).
      void drawSearchFirstScreen(responses.get(list.path), responses.get(USER_DETAILS_PATH), list.page);
    }
  }
} catch {
  // The app sends its own requests.
}

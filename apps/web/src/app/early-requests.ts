/**
 * The page's first script (decision 051), built on its own (vite.config.ts, `earlyRequests`) and loaded by the HTML
 * before the app's entry: a logged-in visitor's first screen's requests start while the app's code still downloads
 * and evaluates, and /cerca_offerte's route chunks download beside the entry instead of after it. Nothing here may
 * throw: at worst the app sends its requests itself, as it would without this script.
 */
import { startEarlyRequests } from '../lib/early-requests';
import { getAccessToken } from '../lib/storage';
import { isExpired } from '../lib/token-expiry';
import { firstRequests } from './first-requests';

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
    if (token && !isExpired(token)) startEarlyRequests(paths, token);
  }
} catch {
  // The app sends its own requests.
}

/**
 * What the service worker keeps of the logged-in user's answers (decision 096): the lists her pages read, so an
 * offline phone still shows the last ones seen. Plain functions, no worker globals: unit-tested in Node.
 */

/** The GET answers kept, by path: the lists of the pages a pharmacist or an owner opens on the move. */
const KEPT_LIST_PATHS: readonly RegExp[] = [
  // Who is logged in (the route guard and the frame read it before any page).
  /^\/api\/user\/details\/$/,
  // The search's pages and the offers behind a marker of its map.
  /^\/api\/offers\/$/,
  /^\/api\/offers\/mine\/$/,
  /^\/api\/candidature\/mine\/$/,
  /^\/api\/titolare\/candidatures\/(counts\/)?$/,
  /^\/api\/invitations\/mine\/$/,
  /^\/api\/notifications\/$/,
  /^\/api\/messages\/unread\/$/,
  // Worked shifts of a month, either side (not the CSV download).
  /^\/api\/shifts\/(?!csv\/)[a-z]+\/$/,
  /^\/api\/availability\/$/,
];

/**
 * The pages an offline navigation gets the app for (their lists are kept); any other page gets the offline page. The
 * app's routes (lib/paths.ts): the service worker does not import the app's modules, the test checks they agree.
 */
export const OFFLINE_APP_PAGES: readonly string[] = [
  '/',
  '/cerca_offerte',
  '/mie_offerte',
  '/candidature',
  '/mie_candidature',
  '/notifiche',
  '/disponibilita',
  '/miei_turni',
];

/** The account a request's bearer token names (its `sub`), unverified: only to keep one account's copies apart. */
export function tokenOwner(authorization: string | null): string | null {
  const token = /^Bearer ([\w-]+\.([\w-]+)\.[\w-]+)$/.exec(authorization ?? '')?.[2];
  if (!token) return null;
  try {
    const json = atob(
      token
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(token.length / 4) * 4, '='),
    );
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return (typeof sub === 'string' || typeof sub === 'number') && /^\w{1,64}$/.test(String(sub)) ? String(sub) : null;
  } catch {
    return null;
  }
}

/**
 * A kept list's owner and the key of its copy, or null for any other request. The key is the URL plus the pharmacy
 * the request acts for (`X-Farmacia`, decision 089): an owner's lists differ by pharmacy.
 */
export function keptList(url: URL, headers: Headers): { owner: string; key: string } | null {
  if (!KEPT_LIST_PATHS.some((path) => path.test(url.pathname))) return null;
  const owner = tokenOwner(headers.get('authorization'));
  if (!owner) return null;
  const pharmacy = headers.get('x-farmacia');
  const key = new URL(url.href);
  key.hash = '';
  if (pharmacy) key.searchParams.set('__farmacia', pharmacy);
  return { owner, key: key.href };
}

/** The cache of this build's kept lists of one account; every other lists cache is dropped when one is written. */
export const listsCacheName = (version: string, owner: string) => `farmaponte-lists-${version}-${owner}`;
export const LISTS_CACHE_PREFIX = 'farmaponte-lists-';
/** The app's own files of one build: its page, its entry's files, and the chunks it loaded since. */
export const appCacheName = (version: string) => `farmaponte-app-${version}`;
export const CACHE_PREFIX = 'farmaponte-';
/** The header a kept copy carries: when it was the network's answer (ISO 8601). */
export const SAVED_AT_HEADER = 'x-farmaponte-saved-at';
/** The message the service worker posts to a page it answered with a kept copy. */
export const OFFLINE_ANSWER_MESSAGE = 'farmaponte:offline-answer';

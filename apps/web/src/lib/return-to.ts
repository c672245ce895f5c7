/**
 * Where a logged-out visitor was going: the route guard sends them to /login?next=<path>, and the login returns
 * them there. `next` comes from the address bar, so anyone can write one into a link: only a path on this site is
 * followed (never //host, https://…, javascript:…), or a phishing page could borrow our login form.
 */
import { ENTRY_PATHS, PATHS } from './paths';

/** Any origin works for parsing: a relative path resolves against it, anything else escapes it. */
const HERE = 'https://farmaponte.invalid';

/** Pages that make no sense to come back to once logged in (or would log out again). */
const NOT_A_DESTINATION = ENTRY_PATHS;

/** The path (with its query and hash) to return to after login, or null when `next` is missing or not ours. */
export function safeReturnPath(next: string | null | undefined): string | null {
  // A path, not a host: '//evil.com' and '/\evil.com' are read by browsers as another site.
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  // Control characters (tabs, newlines) are dropped by URL parsers, so '/\t/evil.com' would become '//evil.com'.
  for (const char of next) if (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) return null;
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (NOT_A_DESTINATION.includes(path) || path.startsWith('/reset-password')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login carrying where the visitor was going ('/' needs no saying). The slashes stay readable: /login?next=/profile. */
export function loginPathFor({ pathname, search = '', hash = '' }: { pathname: string; search?: string; hash?: string }) {
  const next = safeReturnPath(`${pathname}${search}${hash}`);
  if (!next || next === PATHS.home) return PATHS.login;
  return `${PATHS.login}?next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`;
}

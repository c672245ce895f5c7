/**
 * The page's first script as the build writes it into the HTML (vite.config.ts `earlyRequests`, decision 051), run
 * as the HTML's parser runs it: it must build no `Intl` formatter. Building one (Europe/Rome's time zone above all) is
 * a task of 100 ms and more on a slow phone, inside the task that reads the HTML (decisions 057 and 058); a module it
 * includes that builds one when read must build it on first use, or be marked pure.
 */
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const built = buildSync({
  entryPoints: [fileURLToPath(new URL('./early-requests.ts', import.meta.url))],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  write: false,
  define: { __SEARCH_ROUTE_CHUNKS__: JSON.stringify(['/assets/route.js']) },
}).outputFiles[0]?.text;

/** A token that expires in an hour (only its `exp` is read). */
const token = `x.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.y`;

/** Runs the script on `path` with or without a session; the formatters it built, by kind, and the requests it sent. */
function runScript(path: string, session: boolean) {
  const formatters: string[] = [];
  const counting = <T extends object>(kind: string, Real: T) =>
    new Proxy(Real, {
      construct(target, args) {
        formatters.push(kind);
        return Reflect.construct(target as new (...a: unknown[]) => object, args);
      },
    });
  const requests: string[] = [];
  const head: unknown[] = [];
  runInNewContext(built ?? '', {
    location: { pathname: path, search: '' },
    document: { createElement: () => ({}), head: { append: (node: unknown) => head.push(node) }, readyState: 'loading' },
    localStorage: { getItem: (key: string) => (session && key === 'access' ? token : null) },
    fetch: (url: string) => {
      requests.push(url);
      return new Promise(() => undefined);
    },
    performance: { now: () => 0 },
    Intl: {
      ...Intl,
      NumberFormat: counting('NumberFormat', Intl.NumberFormat),
      DateTimeFormat: counting('DateTimeFormat', Intl.DateTimeFormat),
      PluralRules: counting('PluralRules', Intl.PluralRules),
      Collator: counting('Collator', Intl.Collator),
    },
    URLSearchParams,
    atob,
    Date,
    Map,
    Promise,
    JSON,
  });
  return { formatters, requests, preloads: head.length };
}

describe("the page's first script", () => {
  it('builds no Intl formatter while the HTML is read, on the search page with a session or anywhere without', () => {
    const search = runScript('/cerca_offerte', true);
    // It did run: the first screen's requests left and the route's chunk is preloaded.
    expect(search.requests.length).toBe(3);
    expect(search.preloads).toBe(1);
    expect(search.formatters).toEqual([]);
    expect(runScript('/cerca_offerte', false).formatters).toEqual([]);
    expect(runScript('/login', false).formatters).toEqual([]);
  });
});

/**
 * The page's first script as the build writes it into the HTML (vite.config.ts `earlyRequests`, decision 051), run
 * as the HTML's parser runs it: it must read no Italian locale data, neither while the HTML is read nor when it draws
 * the list. Building an `Intl` formatter (Europe/Rome's time zone above all) is a task of 100 ms and more on a slow
 * phone, inside the task that reads the HTML (decisions 057 and 058), and so was the first `toLocaleString('it-IT')`
 * when the list was drawn (decision 077); a module it includes that builds one when read must build it on first use,
 * or be marked pure, and its figures are written by hand (`@farmaponte/shared/italian-figures`).
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

/** The list's first answer: a page of 5,000 offers, one row with every figure the row writes. */
const LIST_ANSWER = {
  count: 5000,
  results: [
    {
      id: 7,
      title: 'Sostituzione estiva',
      denominazione_farmacia: 'Farmacia Centrale',
      comune_farmacia: 'Roma',
      date_from: '2026-12-01',
      date_to: '2026-12-03',
      hourly_pay: 20.5,
      distance_km: 12.35,
      lat: 41.9,
      lng: 12.5,
      my_application_status: null,
      pharmacy_rating: { count: 3, average: 4.3 },
    },
  ],
};

/**
 * Runs the script on `path` with or without a session, as the HTML's parser does; with `answered`, every request is
 * answered at once (the list with LIST_ANSWER) and the document is read, so the first screen is drawn. Returns what
 * read Italian locale data (`Intl` formatters built, `toLocale…String` and `localeCompare` called), the requests it
 * sent, the modules it preloaded and the first screen's HTML.
 */
function runScript(path: string, session: boolean, answered = false) {
  const localeUses: string[] = [];
  const counting = <T extends object>(kind: string, Real: T) =>
    new Proxy(Real, {
      construct(target, args) {
        localeUses.push(kind);
        return Reflect.construct(target as new (...a: unknown[]) => object, args);
      },
    });
  const requests: string[] = [];
  const head: unknown[] = [];
  const screens: { innerHTML: string }[] = [];
  const answer = (url: string) => {
    const body = url.startsWith('/api/offers/?') ? LIST_ANSWER : { role: 'farmacista' };
    return Promise.resolve({ ok: true, clone: () => ({ json: () => Promise.resolve(body) }) });
  };
  const context = {
    location: { pathname: path, search: '' },
    document: {
      createElement: () => {
        const element = { innerHTML: '' };
        screens.push(element);
        return element;
      },
      getElementById: (id: string) => (id === 'root' ? { before: () => undefined, hidden: false } : null),
      addEventListener: () => undefined,
      head: { append: (node: unknown) => head.push(node) },
      readyState: answered ? 'interactive' : 'loading',
    },
    localStorage: { getItem: (key: string) => (session && key === 'access' ? token : null) },
    fetch: (url: string) => {
      requests.push(url);
      return answered ? answer(url) : new Promise(() => undefined);
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
    __localeUses: localeUses,
  };
  // The context's own prototypes, watched: a number's or a date's toLocaleString loads the same data as a formatter.
  runInNewContext(
    `for (const [name, proto, methods] of [
      ['Number', Number.prototype, ['toLocaleString']],
      ['Date', Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
      ['String', String.prototype, ['localeCompare', 'toLocaleUpperCase', 'toLocaleLowerCase']],
    ])
      for (const method of methods) {
        const real = proto[method];
        proto[method] = function (...args) {
          __localeUses.push(name + '.' + method);
          return real.apply(this, args);
        };
      }`,
    context,
  );
  runInNewContext(built ?? '', context);
  return { localeUses, requests, preloads: head.length, screens };
}

describe("the page's first script", () => {
  it('reads no Italian locale data while the HTML is read, on the search page with a session or anywhere without', () => {
    const search = runScript('/cerca_offerte', true);
    // It did run: the first screen's requests left and the route's chunk is preloaded.
    expect(search.requests.length).toBe(3);
    expect(search.preloads).toBe(1);
    expect(search.localeUses).toEqual([]);
    expect(runScript('/cerca_offerte', false).localeUses).toEqual([]);
    expect(runScript('/login', false).localeUses).toEqual([]);
  });

  it('draws the first screen from the list with the figures written by hand, reading no Italian locale data', async () => {
    const search = runScript('/cerca_offerte', true, true);
    // The answers are read and the screen drawn after a few turns of the microtask queue.
    for (let turn = 0; turn < 20 && !search.screens.some((s) => s.innerHTML); turn++) await Promise.resolve();
    const html = search.screens.map((s) => s.innerHTML).join('');
    expect(html).toContain('5000 offerte');
    expect(html).toContain('20,50 €/ora');
    expect(html).toContain('12,4 km');
    expect(html).toContain('4,3 ★');
    expect(search.localeUses).toEqual([]);
  });
});

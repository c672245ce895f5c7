/// <reference lib="dom" />
/**
 * What a frame spends on while the /cerca_offerte list scrolls (decision 031): starts the real server
 * on the benchmark dataset serving the production build (as bench/web.ts), logs in, opens the page, waits for the
 * markers, then records a Chromium performance trace during the same smooth wheel gesture as bench/web.ts and prints,
 * per thread, the trace events that took the most time (inclusive ms, summed over the gesture) and the number of
 * compositing layers (DevTools LayerTree), then the page's functions called on the main thread. `--gesture pan` traces
 * bench/web.ts's drag of the map instead; `--cpu-rate 4` slows the CPU as phone-4g does. Run after `npm run build`.
 *   npx tsx bench/web-trace.ts [--viewport desktop|phone] [--gesture scroll|pan] [--cpu-rate 1] [--web-dist DIR]
 *     [--port 3321] [--database-url …] [--trace out.json]
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { chromium } from '@playwright/test';
import { BENCH_OFFER_TITLES, DEFAULT_BENCH_URL } from './database';
import { traceEventsOf } from './trace-events';
import { instrument, listScrollPoint, type TPageBench } from './web-page';
import { dragMap, logIn, startWebServer } from './web-server';

const { values } = parseArgs({
  options: {
    viewport: { type: 'string', default: 'desktop' },
    /** What is traced: the list scrolled, or the map dragged (bench/web.ts's gestures). */
    gesture: { type: 'string', default: 'scroll' },
    /** The CPU this many times slower (4: phone-4g's); the network is left as it is. */
    'cpu-rate': { type: 'string', default: '1' },
    port: { type: 'string', default: '3321' },
    'database-url': { type: 'string', default: DEFAULT_BENCH_URL },
    trace: { type: 'string' },
    /** Another build to measure (e.g. an earlier commit's, built with `vite build --outDir`). */
    'web-dist': { type: 'string' },
  },
});
const base = `http://127.0.0.1:${values.port}`;
const ROOT = resolve(import.meta.dirname, '..');
const viewport = values.viewport === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
if (values.gesture !== 'scroll' && values.gesture !== 'pan') throw new Error('--gesture: scroll or pan');

await startWebServer(values.port, values['database-url'], resolve(values['web-dist'] ?? resolve(ROOT, 'apps/web/dist')));

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const context = await browser.newContext({ viewport, locale: 'it-IT', storageState: await logIn(browser, base) });
await context.route(
  (url) => url.origin !== base,
  (route) => route.abort(),
);
// The page is found as bench/web.ts finds it (bench/web-page.ts): any version of the page can be traced.
await context.addInitScript({ content: 'window.__name = (f) => f;' });
await context.addInitScript(instrument, { mapLabel: UI_TEXT.offersMapLabel, titles: BENCH_OFFER_TITLES });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values['cpu-rate']) });
await page.goto(`${base}/cerca_offerte`);
// The list shown and the markers settled: the map's markers unchanged for two seconds.
for (const deadline = Date.now() + 90_000; ; await page.waitForTimeout(500)) {
  const bench = await page.evaluate(() => ({
    ...(window as unknown as { __bench: TPageBench }).__bench,
    now: performance.now(),
  }));
  if (bench.listShown !== null && bench.lastMarkerChange !== null && bench.now - bench.lastMarkerChange > 2000) break;
  if (Date.now() > deadline) throw new Error('the list and the markers did not show within 90 s');
}
// The trace shows the page's own work: the benchmark's per-frame watch stops.
await page.evaluate(() => {
  (window as unknown as { __bench: TPageBench }).__bench.stopped = true;
});

let layers = 0;
let layerList: { layerId: string; backendNodeId?: number; width: number; height: number }[] = [];
cdp.on('LayerTree.layerTreeDidChange', (event) => {
  if (event.layers) {
    layers = event.layers.length;
    layerList = event.layers;
  }
});
await cdp.send('LayerTree.enable');
const point = await page.evaluate(listScrollPoint);
if (!point) throw new Error('the list is not on screen');
await page.waitForTimeout(500);
const layersBefore = layers;
// Why each layer is composited, and the element it belongs to.
for (const layer of layerList) {
  const reasons = await cdp.send('LayerTree.compositingReasons', { layerId: layer.layerId }).catch(() => null);
  let node = '';
  if (layer.backendNodeId) {
    const described = await cdp.send('DOM.describeNode', { backendNodeId: layer.backendNodeId }).catch(() => null);
    const attributes = described?.node.attributes ?? [];
    const className = attributes[attributes.indexOf('class') + 1] ?? '';
    node = `${described?.node.nodeName ?? ''}${attributes.includes('class') ? `.${className.split(' ').slice(0, 3).join('.')}` : ''}`;
  }
  console.log(`layer ${layer.width}×${layer.height} ${node}: ${reasons?.compositingReasonIds?.join(', ') ?? '?'}`);
}

await browser.startTracing(page, {
  categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'viz', 'gpu', 'benchmark'],
});
const mapBox = await page.getByRole('region', { name: UI_TEXT.offersMapLabel }).boundingBox();
if (!mapBox) throw new Error('the map is not on screen');
const started = Date.now();
if (values.gesture === 'pan') await dragMap(page, mapBox);
else
  await cdp.send('Input.synthesizeScrollGesture', {
    ...point,
    yDistance: -6000,
    speed: 2000,
    gestureSourceType: 'mouse',
  });
const elapsed = Date.now() - started;
const buffer = await browser.stopTracing();
const layersAfter = layers;
await browser.close();
if (values.trace) writeFileSync(values.trace, buffer);

const traceEvents = traceEventsOf(buffer);
const threads = new Map<string, string>();
for (const e of traceEvents) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
const totals = new Map<string, { ms: number; count: number }>();
for (const e of traceEvents) {
  if (e.ph !== 'X' || !e.dur) continue;
  const thread = threads.get(`${e.pid}:${e.tid}`) ?? `${e.tid}`;
  const key = `${thread} | ${e.name}`;
  const total = totals.get(key) ?? { ms: 0, count: 0 };
  total.ms += e.dur / 1000;
  total.count++;
  totals.set(key, total);
}
const frames = traceEvents.filter((e) => e.name === 'ProxyMain::BeginMainFrame' && e.ph === 'X').length;
const perFrame = (name: string) => {
  const events = traceEvents.filter(
    (e) => e.name === name && e.ph === 'X' && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain',
  );
  return { count: events.length, ms: events.reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0) / Math.max(1, frames) };
};
console.log(
  `${values.viewport}: ${values.gesture} gesture ${elapsed} ms, ${frames} main-thread frames, compositing layers ${layersBefore} before and ${layersAfter} after; per frame, ms: ` +
    ['ProxyMain::BeginMainFrame', 'Layerize', 'Commit', 'Paint', 'UpdateLayoutTree', 'Layout', 'FunctionCall']
      .map((name) => `${name} ${perFrame(name).ms.toFixed(2)}`)
      .join(', '),
);
console.log('| thread | event | total ms | count | ms per second of scrolling |\n| --- | --- | ---: | ---: | ---: |');
for (const [key, { ms, count }] of [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40))
  console.log(`| ${key} | ${ms.toFixed(1)} | ${count} | ${((ms / elapsed) * 1000).toFixed(1)} |`);
// The page's scripts on the main thread, by function: what runs per frame.
const calls = new Map<string, { ms: number; count: number }>();
for (const e of traceEvents) {
  if (e.ph !== 'X' || !e.dur || e.name !== 'FunctionCall' || threads.get(`${e.pid}:${e.tid}`) !== 'CrRendererMain') continue;
  const data = e.args?.data;
  const key = `${(data?.url ?? '').replace(/^.*\//, '')}:${data?.functionName || '(anonymous)'}`;
  const total = calls.get(key) ?? { ms: 0, count: 0 };
  total.ms += e.dur / 1000;
  total.count++;
  calls.set(key, total);
}
console.log('\n| main thread: function called | total ms | count |\n| --- | ---: | ---: |');
for (const [key, { ms, count }] of [...calls].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
  console.log(`| ${key} | ${ms.toFixed(1)} | ${count} |`);
process.exit(0);

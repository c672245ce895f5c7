/// <reference lib="dom" />
/**
 * Where /cerca_offerte's long tasks come from while it loads on the phone-4g profile (decision 058): starts the real
 * server on a benchmark dataset serving the production build (as bench/web.ts), logs in, opens the page with the CPU
 * 4× slower and the 4G network of bench/web.ts, records a Chromium performance trace until the map's markers have
 * settled, and prints every main-thread task over 50 ms with what took its time (the script evaluated or the
 * function called, by file; parsing, style, layout, paint). Several rounds, each in a fresh context. Run after
 * `npm run build`. The trace costs CPU of its own: the durations are larger than bench/web.ts's; compare builds
 * with this script, budgets with bench/web.ts.
 *   npx tsx bench/web-load-tasks.ts [--rounds 2] [--web-dist DIR] [--port 3322] [--database-url …]
 */
import { type TTraceEvent, traceEventsOf } from './trace-events';
import type { TPageBench } from './web-page';
import { onePageToolOptions, openPhonePage, startOnePageTool, warmServer } from './web-server';

const options = onePageToolOptions({ rounds: '2', port: '3322' });
const { rounds, base } = options;

/** What an event inside a task is, for the table: the file's name for scripts, the event's name otherwise. */
const label = (e: TTraceEvent) => {
  const data = e.args?.data;
  const url = data?.url || data?.stackTrace?.[0]?.url || '';
  const file = url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js');
  if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') return `evaluate ${file || '(inline)'}`;
  if (e.name === 'FunctionCall') return `call ${file || '?'}${data?.functionName ? `:${data.functionName}` : ''}`;
  if (e.name === 'v8.compile' || e.name === 'v8.compileModule') return `compile ${file || '(inline)'}`;
  return e.name;
};
/** The events worth naming inside a task (the outermost of each kind). */
const NAMED = new Set([
  'ParseHTML',
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'ParseAuthorStyleSheet',
  'Decode Image',
  'MajorGC',
  'MinorGC',
  'V8.GC_MC_BACKGROUND_MARKING',
]);

const { browser, storageState } = await startOnePageTool(options);
for (let round = 0; round <= rounds; round++) {
  const { context, page } = await openPhonePage(browser, storageState);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink.user_timing'],
  });
  await warmServer(base, storageState);
  await page.goto(`${base}/cerca_offerte`);
  let bench: TPageBench & { origin: number } = {} as TPageBench & { origin: number };
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    bench = await page.evaluate(() => ({
      ...(window as unknown as { __bench: TPageBench }).__bench,
      now: performance.now(),
      origin: performance.timeOrigin,
    }));
    if (bench.listShown !== null && bench.lastMarkerChange !== null && bench.now - bench.lastMarkerChange > 1000) break;
  }
  const buffer = await browser.stopTracing();
  await context.close();
  if (round === 0) continue; // a warm-up round, not printed
  const traceEvents = traceEventsOf(buffer);
  // The page's main thread: of the renderers' main threads, the one that parsed HTML the longest.
  const mains = traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const parsed = (m: TTraceEvent) =>
    traceEvents.filter((e) => e.name === 'ParseHTML' && e.pid === m.pid && e.tid === m.tid).reduce((s, e) => s + (e.dur ?? 0), 0);
  const main = mains.sort((a, b) => parsed(b) - parsed(a))[0];
  const onMain = traceEvents.filter((e) => e.ph === 'X' && e.pid === main?.pid && e.tid === main?.tid && e.dur);
  const navigation =
    traceEvents.find((e) => e.name === 'navigationStart' && e.pid === main?.pid)?.ts ??
    onMain.find((e) => e.name === 'ParseHTML')?.ts ??
    0;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  console.log(
    `\nround ${round}: list shown ${Math.round(bench.listShown ?? Number.NaN)} ms, first marker ${Math.round(bench.firstMarker ?? Number.NaN)} ms, long tasks (observer) ${bench.longTasks.map((t) => Math.round(t.duration)).join(', ')}`,
  );
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && NAMED.has(e.name));
    // The outermost of each: an event inside another named event is counted in it.
    const outer = inside.filter(
      (e) =>
        !inside.some(
          (o) =>
            o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.ts < e.ts || (o.dur ?? 0) > (e.dur ?? 0)),
        ),
    );
    const byLabel = new Map<string, number>();
    for (const e of outer) byLabel.set(label(e), (byLabel.get(label(e)) ?? 0) + (e.dur ?? 0) / 1000);
    const parts = [...byLabel]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([what, ms]) => `${what} ${ms.toFixed(0)}`);
    console.log(
      `  at ${((task.ts - navigation) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(0)} ms — ${parts.join('; ')}`,
    );
    if (process.env.TASK_TREE) {
      const all = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 3000);
      for (const e of all) {
        const depth = all.filter((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0)).length;
        if (depth < 6)
          console.log(
            `    ${'  '.repeat(depth)}${label(e)} ${((e.dur ?? 0) / 1000).toFixed(0)} ${JSON.stringify(e.args?.data ?? {}).slice(0, 160)}`,
          );
      }
    }
  }
}
await browser.close();
process.exit(0);

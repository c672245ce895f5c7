/// <reference lib="dom" />
/**
 * Which scripts make /cerca_offerte's long frames on the phone-4g profile, without a trace's own cost (decision 077):
 * the browser's Long Animation Frames (PerformanceObserver 'long-animation-frame', with each frame's scripts: what
 * invoked them, their file, how long they ran and how long they forced style and layout), for a few loads, each in a
 * fresh context, after a warm-up load. Same server, login, CPU and network as bench/web.ts. Run after `npm run build`.
 * The page's measuring script of bench/web.ts runs too (it finds when the list and the markers are shown).
 *   npx tsx bench/web-loaf.ts [--rounds 3] [--port 3323] [--database-url …] [--web-dist DIR]
 */
import type { TPageBench } from './web-page';
import { onePageToolOptions, openPhonePage, startOnePageTool, warmServer } from './web-server';

const options = onePageToolOptions({ rounds: '3', port: '3323' });
const { rounds, base } = options;

interface TFrame {
  start: number;
  duration: number;
  blocking: number;
  styleAndLayout: number;
  scripts: { invoker: string; source: string; duration: number; forced: number }[];
}

/** In the page: every long animation frame, kept on window. */
function observeFrames() {
  const frames: TFrame[] = [];
  (window as unknown as { __frames: TFrame[] }).__frames = frames;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      blockingDuration: number;
      styleAndLayoutStart: number;
      renderStart: number;
      scripts: {
        invoker: string;
        invokerType: string;
        sourceURL: string;
        sourceFunctionName: string;
        duration: number;
        forcedStyleAndLayoutDuration: number;
      }[];
    })[]) {
      frames.push({
        start: entry.startTime,
        duration: entry.duration,
        blocking: entry.blockingDuration,
        styleAndLayout: entry.styleAndLayoutStart ? entry.startTime + entry.duration - entry.styleAndLayoutStart : 0,
        scripts: entry.scripts.map((s) => ({
          invoker: `${s.invokerType} ${s.invoker}`.slice(0, 70),
          source: `${s.sourceURL.replace(/^.*\//, '')}${s.sourceFunctionName ? `:${s.sourceFunctionName}` : ''}`,
          duration: s.duration,
          forced: s.forcedStyleAndLayoutDuration,
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

const { browser, storageState } = await startOnePageTool(options);
for (let round = 0; round <= rounds; round++) {
  const { context, page } = await openPhonePage(browser, storageState, [observeFrames]);
  await warmServer(base, storageState);
  await page.goto(`${base}/cerca_offerte`);
  let bench = {} as TPageBench & { longFrames: TFrame[] };
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    bench = await page.evaluate(() => ({
      ...(window as unknown as { __bench: TPageBench }).__bench,
      now: performance.now(),
      longFrames: (window as unknown as { __frames: TFrame[] }).__frames,
    }));
    if (bench.listShown !== null && bench.lastMarkerChange !== null && bench.now - bench.lastMarkerChange > 1000) break;
  }
  await context.close();
  if (round === 0) continue; // a warm-up round, not printed
  const ms = (x: number) => Math.round(x);
  console.log(
    `\nround ${round}: list shown ${ms(bench.listShown ?? Number.NaN)} ms, first marker ${ms(bench.firstMarker ?? Number.NaN)} ms; long tasks ${bench.longTasks.map((t) => `${ms(t.duration)}@${ms(t.start)}`).join(', ')}`,
  );
  for (const frame of bench.longFrames.filter((f) => f.start < (bench.lastMarkerChange ?? 0) + 200)) {
    console.log(
      `  frame at ${ms(frame.start)}: ${ms(frame.duration)} ms (blocking ${ms(frame.blocking)}, style and layout ${ms(frame.styleAndLayout)})`,
    );
    for (const s of frame.scripts.filter((x) => x.duration >= 5))
      console.log(`    ${ms(s.duration)} ms${s.forced ? ` (forced layout ${ms(s.forced)})` : ''} ${s.invoker} — ${s.source}`);
  }
}
await browser.close();
process.exit(0);

/// <reference lib="dom" />
/**
 * The phone's unit of work (decision 103): a fixed piece of JavaScript and layout, timed in the throttled page before
 * each round of bench/web.ts, so the round's tasks can be read as multiples of it. Under the DevTools protocol's CPU
 * throttling on a shared machine the same page's tasks took two to four times as long from one day to the next; the
 * unit takes as much longer, so a task's length in units does not move with the machine.
 *
 * The work is what /cerca_offerte does while it loads, at a fixed size: 600 offer-like objects made from a fixed
 * pseudo-random sequence, written to JSON and read back (the page reads its offers as JSON), sorted by title then id,
 * 200 of them drawn as list rows with their figures formatted, laid out once (the rows' height read) and removed. No
 * locale data (plain comparisons, toFixed), no network, nothing from the page: the same work on any build.
 */

/**
 * How many times the work runs before it is timed (compiled and warm), then how it is timed: in blocks of several runs
 * back to back, each block's mean a run's time. Chromium throttles the CPU by letting the page's thread run for a
 * slice of every period of about 100 ms: a single run, shorter than a period, may fall in one slice and look
 * unthrottled (12 ms at 8× for a run of 13 ms unthrottled, measured here), so a block spans several periods.
 */
const WARM_RUNS = 3;
export const BLOCKS = 3;
const RUNS_PER_BLOCK = 8;

/** The work itself, in the page; returns a figure from its result so that nothing of it can be skipped. */
export function unitOfWork(): number {
  let seed = 20_261_129;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const CITIES = ['Milano', 'Roma', 'Napoli', 'Torino', 'Palermo', 'Bologna', 'Firenze', 'Bari', 'Verona', 'Cagliari'];
  const TITLES = ['Farmacista collaboratore', 'Sostituzione titolare', 'Turno notturno', 'Magazziniere', 'Banconista'];
  const offers: { id: number; title: string; city: string; lat: number; lng: number; pay: number; starts: string }[] = [];
  for (let i = 0; i < 600; i++) {
    offers.push({
      id: i,
      title: `${TITLES[Math.floor(next() * TITLES.length)]} ${Math.floor(next() * 1000)}`,
      city: CITIES[Math.floor(next() * CITIES.length)] ?? '',
      lat: 36 + next() * 11,
      lng: 6 + next() * 12,
      pay: Math.round(next() * 400_000) / 100,
      starts: `2026-12-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}T08:00:00.000Z`,
    });
  }
  const text = JSON.stringify(offers);
  const parsed = JSON.parse(text) as typeof offers;
  parsed.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id));
  const list = document.createElement('ul');
  list.style.cssText = 'position:absolute;left:0;top:0;width:360px;font:14px sans-serif;visibility:hidden';
  for (const offer of parsed.slice(0, 200)) {
    const row = document.createElement('li');
    const title = document.createElement('strong');
    title.textContent = offer.title;
    const detail = document.createElement('span');
    detail.textContent = ` ${offer.city} · ${offer.pay.toFixed(2)} € · ${offer.starts.slice(0, 10)} · ${offer.lat.toFixed(3)}, ${offer.lng.toFixed(3)}`;
    row.append(title, detail);
    list.append(row);
  }
  document.body.append(list);
  const height = list.offsetHeight;
  list.remove();
  return text.length + height + (parsed[0]?.id ?? 0);
}

/**
 * Runs in the page (with the work's source, as the page cannot import it): the work `warm` times untimed, then `blocks`
 * blocks of `runs` runs, each block timed; returns each block's mean ms per run.
 */
export function timeUnitOfWork(args: { source: string; warm: number; blocks: number; runs: number }): number[] {
  // tsx names the work's inner functions with a helper the page does not have.
  const work = new Function(`const __name = (f) => f; return (${args.source})();`) as () => number;
  let sink = 0;
  for (let i = 0; i < args.warm; i++) sink += work();
  const means: number[] = [];
  for (let block = 0; block < args.blocks; block++) {
    const start = performance.now();
    for (let i = 0; i < args.runs; i++) sink += work();
    means.push((performance.now() - start) / args.runs);
  }
  (window as unknown as { __unitSink: number }).__unitSink = sink;
  return means;
}

/** The page's evaluate, as a Playwright page offers it. */
interface TEvaluates {
  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>;
}

/** Starts and stops a trace of the renderer's tasks (bench/trace-events.ts), when the unit's thread time is wanted. */
export interface TTaskTracer {
  start(): Promise<void>;
  stop(): Promise<{ wallMs: number; threadMs: number }[]>;
}

/**
 * The unit, ms: the median of the blocks' means, in `page` as it is (its CPU throttle set, before it navigates). With a
 * tracer, the timed blocks run as one task of their own, traced: `threadMs` is that task's thread CPU time per run
 * (decision 103), which neither the throttle's pauses nor other processes taking the core move.
 */
export async function measureUnit(
  page: TEvaluates,
  tracer?: TTaskTracer,
): Promise<{ unitMs: number; blocks: number[]; threadMs: number }> {
  const source = unitOfWork.toString();
  await page.evaluate(timeUnitOfWork, { source, warm: WARM_RUNS, blocks: 0, runs: 0 });
  await tracer?.start();
  const blocks = await page.evaluate(timeUnitOfWork, { source, warm: 0, blocks: BLOCKS, runs: RUNS_PER_BLOCK });
  const tasks = (await tracer?.stop()) ?? [];
  const sorted = [...blocks].sort((a, b) => a - b);
  // The timed blocks are the trace's longest task: nothing else runs in the blank page.
  const timed = tasks.reduce((a, b) => (b.wallMs > a.wallMs ? b : a), { wallMs: 0, threadMs: Number.NaN });
  return {
    unitMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    blocks,
    threadMs: timed.threadMs / (BLOCKS * RUNS_PER_BLOCK),
  };
}

/**
 * The unit's ms on the reference day (decision 103), in Chromium as bench/web.ts starts it: with the CPU 4× slower
 * (phone-4g) and unthrottled (desktop, phone). A task of the phone's budget, 100 ms, is 100 / throttled4x units.
 */
export const REFERENCE_UNIT_MS = { throttled4x: 57, unthrottled: 13 };

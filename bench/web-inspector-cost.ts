/// <reference lib="dom" />
/**
 * What the DevTools protocol itself adds to /cerca_offerte's tasks on the phone-4g CPU (decision 078). Playwright
 * enables the protocol's Runtime domain on every page; with it on, V8 records a full stack trace, with line and column,
 * for every Error made (in case it is never caught), and a function's lines are worked out by parsing it again. React
 * makes Errors while its code is evaluated and when a render suspends, so the app's first file is parsed twice in the
 * task that evaluates it. A phone has no DevTools attached and does not pay this.
 *
 * Loads the page in Chromium driven over its pipe (no Playwright in the page), three ways, alternated:
 * - no domain enabled, as on a phone;
 * - the Runtime and Network domains enabled, as Playwright (and bench/web.ts, which counts the bytes) does;
 * - the same in a Chromium started with `--js-flags=--no-enable-lazy-source-positions` (lines kept when the code is
 *   compiled), as bench/web.ts and the one-page tools start it.
 * Each load: a fresh context, the pharmacist's session, the CPU 4× slower, the browser's Long Animation Frames and long
 * tasks. Prints a table per way: the task that evaluated the app's first file, the longest task, tasks over 100 ms.
 * Same server and dataset as bench/web.ts. Run after `npm run build`.
 *   npx tsx bench/web-inspector-cost.ts [--rounds 4] [--port 3324] [--database-url …] [--web-dist DIR]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { EAGER_SOURCE_POSITIONS, LOCAL_NAMES_ONLY, onePageToolOptions, startOnePageTool, warmServer } from './web-server';

const options = onePageToolOptions({ rounds: '4', port: '3324' });
const { rounds, base } = options;

/** Chromium driven over `--remote-debugging-pipe`: messages as JSON, each ended by a NUL byte (fd 3 in, fd 4 out). */
function startChromium(extraArgs: string[]) {
  const child: ChildProcess = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    ['--headless', '--no-sandbox', '--remote-debugging-pipe', '--no-first-run', LOCAL_NAMES_ONLY, ...extraArgs, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  process.on('exit', () => child.kill('SIGKILL'));
  const toBrowser = child.stdio[3] as NodeJS.WritableStream;
  const fromBrowser = child.stdio[4] as NodeJS.ReadableStream;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let buffered = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end)) as { id?: number; result?: unknown; error?: { message: string } };
      buffered = buffered.slice(end + 1);
      const call = message.id === undefined ? undefined : waiting.get(message.id);
      if (!call || message.id === undefined) continue;
      waiting.delete(message.id);
      if (message.error) call.reject(new Error(message.error.message));
      else call.resolve(message.result);
    }
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  return { send, stop: () => child.kill('SIGKILL') };
}

interface TLoad {
  entry: number;
  longest: number;
  over100: number;
}

/** In the page, before its scripts: long tasks, and the duration of the script that evaluated the app's entry. */
function observe() {
  const seen = { longTasks: [] as number[], entry: 0 };
  (window as unknown as { __seen: typeof seen }).__seen = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries() as (PerformanceEntry & {
      scripts: { invokerType: string; sourceURL: string; duration: number }[];
    })[])
      for (const s of frame.scripts)
        if (s.invokerType === 'module-script' && /\/index-[\w-]+\.js$/.test(s.sourceURL))
          seen.entry = Math.max(seen.entry, s.duration);
  }).observe({ type: 'long-animation-frame', buffered: true });
}

async function load(browser: ReturnType<typeof startChromium>, domains: string[], storage: { name: string; value: string }[]) {
  const { browserContextId } = await browser.send<{ browserContextId: string }>('Target.createBrowserContext');
  const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await browser.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
  const send = <T>(method: string, params: object = {}) => browser.send<T>(method, params, sessionId);
  const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // The session first, on a page of the same origin that loads no app.
  await send('Page.enable');
  await send('Page.navigate', { url: `${base}/favicon.svg` });
  await settle(500);
  await send('Runtime.evaluate', {
    expression: storage.map((i) => `localStorage.setItem(${JSON.stringify(i.name)}, ${JSON.stringify(i.value)});`).join(''),
  });
  for (const domain of domains) await send(`${domain}.enable`);
  await send('Page.addScriptToEvaluateOnNewDocument', { source: `(${observe.toString()})()` });
  await send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await warmServer(base, { cookies: [], origins: [{ origin: base, localStorage: storage }] });
  await send('Page.navigate', { url: `${base}/cerca_offerte` });
  await settle(8000);
  const { result } = await send<{ result: { value: string } }>('Runtime.evaluate', {
    expression: 'JSON.stringify(window.__seen)',
    returnByValue: true,
  });
  await browser.send('Target.disposeBrowserContext', { browserContextId });
  const seen = JSON.parse(result.value) as { longTasks: number[]; entry: number };
  return {
    entry: seen.entry,
    longest: Math.max(0, ...seen.longTasks),
    over100: seen.longTasks.filter((d) => d > 100).length,
  } satisfies TLoad;
}

const { browser: playwright, storageState } = await startOnePageTool(options);
await playwright.close();
const storage = storageState.origins.flatMap((o) => o.localStorage);
const plain = startChromium([]);
const eager = startChromium([EAGER_SOURCE_POSITIONS]);
await new Promise((r) => setTimeout(r, 2000));
const ways = [
  { name: 'none (as a phone)', browser: plain, domains: [] },
  { name: 'Runtime and Network (as Playwright)', browser: plain, domains: ['Runtime', 'Network'] },
  { name: 'Runtime and Network, lines kept when compiled (as bench/web.ts)', browser: eager, domains: ['Runtime', 'Network'] },
];
const results = new Map<string, TLoad[]>(ways.map((w) => [w.name, []]));
for (let round = 0; round <= rounds; round++)
  for (const way of ways) {
    const measured = await load(way.browser, way.domains, storage);
    if (round > 0) results.get(way.name)?.push(measured); // round 0 warms each browser up
  }
plain.stop();
eager.stop();

const range = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  return `${Math.round(sorted[0] ?? 0)}–${Math.round(sorted.at(-1) ?? 0)} (median ${Math.round(median)})`;
};
console.log(`\n/cerca_offerte, CPU 4× slower, ${rounds} loads per way, alternated (${new Date().toISOString().slice(0, 10)})\n`);
console.log("| DevTools protocol | the entry's evaluation, ms | longest task, ms | tasks > 100 ms per load |");
console.log('| --- | ---: | ---: | ---: |');
for (const [name, loads] of results)
  console.log(
    `| ${name} | ${range(loads.map((l) => l.entry))} | ${range(loads.map((l) => l.longest))} | ${range(loads.map((l) => l.over100))} |`,
  );
process.exit(0);

/**
 * The job runner (docs/decisions/038) on both databases: one run at a time per job, one runner at a time for an
 * exclusive job, a stop that waits for the run in flight and starts no other, errors logged with the job's name and
 * the next run still made, a daily job once a day at its Italian hour across instances, and late jobs reported.
 */
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { openDatabase, type TDatabase } from '../../db/client';
import { jobRuns } from '../../db/schema';
import { createJobRunner, type TJob, type TJobRunner } from './index';

const t = useTestApp();

type TLine = { level: 'info' | 'warn' | 'error'; details: Record<string, unknown>; message: string };
let lines: TLine[] = [];
const log = {
  info: (details: object, message: string) => lines.push({ level: 'info', details: details as never, message }),
  warn: (details: object, message: string) => lines.push({ level: 'warn', details: details as never, message }),
  error: (details: object, message: string) => lines.push({ level: 'error', details: details as never, message }),
};

const runners: TJobRunner[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await Promise.all(closers.splice(0).map((close) => close()));
  lines = [];
});

function runnerOf(jobs: TJob<unknown>[], database: TDatabase = t.database, options: { stopDeadlineMs?: number } = {}) {
  const runner = createJobRunner({ db: database.db, now: () => t.clock.now, log, jobs, ...options });
  runners.push(runner);
  return runner;
}

/** A promise the test opens when it wants. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * Another instance's database: on PostgreSQL a pool of its own on the same database (its own connections and
 * sessions); PGlite belongs to one process, so there the other instance is a second runner on the same one.
 */
async function otherInstanceDatabase(): Promise<TDatabase> {
  if (t.database.kind === 'pglite') return t.database;
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  const other = await openDatabase({
    databaseUrl: (pool as unknown as { options: { connectionString: string } }).options.connectionString,
  });
  closers.push(() => other.close());
  return other;
}

const rowOf = async (name: string) => (await t.database.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0];

describe('one run at a time', () => {
  it('never overlaps a run with the next one of the same job: a call made meanwhile shares the run in progress', async () => {
    const slow = gate();
    let calls = 0;
    let running = 0;
    let most = 0;
    const job: TJob<number> = {
      name: 'slow-job',
      every: 0.01,
      exclusive: false,
      async run() {
        const call = ++calls;
        running++;
        most = Math.max(most, running);
        if (call === 1) await slow.opened;
        running--;
        return call;
      },
    };
    const runner = runnerOf([job]);
    runner.start();
    await expect.poll(() => runner.status()['slow-job']?.running).toBe(true);
    const byHand = runner.run(job);
    slow.open();
    expect(await byHand).toBe(1);
    // The schedule goes on after the slow run, one run after the other.
    await expect.poll(() => calls).toBeGreaterThanOrEqual(4);
    expect(most).toBe(1);
  });

  it('runs an exclusive job in one runner at a time across instances, and a non-exclusive one in both at once', async () => {
    const other = await otherInstanceDatabase();
    const held = gate();
    let active = 0;
    let most = 0;
    const exclusiveFor = (who: string): TJob<string> => ({
      name: 'albo-recheck',
      every: 60,
      exclusive: true,
      async run() {
        active++;
        most = Math.max(most, active);
        if (who === 'first') await held.opened;
        active--;
        return who;
      },
    });
    const first = runnerOf([exclusiveFor('first')]);
    const second = runnerOf([exclusiveFor('second')], other);
    const firstRun = first.run('albo-recheck');
    await expect.poll(() => first.status()['albo-recheck']?.running).toBe(true);
    expect(await second.run('albo-recheck')).toBeNull();
    expect(second.status()['albo-recheck']?.lastStartedAt).toBeNull();
    held.open();
    expect(await firstRun).toBe('first');
    // Free again: the other instance takes its turn.
    expect(await second.run('albo-recheck')).toBe('second');
    expect(most).toBe(1);

    const bothIn = gate();
    let inside = 0;
    const shared: TJob<number> = {
      name: 'outbox-like',
      every: 60,
      exclusive: false,
      async run() {
        inside++;
        if (inside === 2) bothIn.open();
        await bothIn.opened;
        return inside;
      },
    };
    const a = runnerOf([shared]);
    const b = runnerOf([shared], other);
    expect(await Promise.all([a.run(shared), b.run(shared)])).toEqual([2, 2]);
  });
});

describe('a nudge (decision 076)', () => {
  it('does nothing before the runner is started, runs an idle job at once after, and once more for nudges during a run', async () => {
    const first = gate();
    let calls = 0;
    const job: TJob<number> = {
      name: 'hurried-job',
      every: 3600,
      exclusive: false,
      async run() {
        const call = ++calls;
        if (call === 1) await first.opened;
        return call;
      },
    };
    const runner = runnerOf([job]);
    runner.nudge(job);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(0);

    runner.start();
    runner.nudge(job);
    await expect.poll(() => runner.status()['hurried-job']?.running).toBe(true);
    expect(calls).toBe(1);
    // Three nudges while it runs: one more run after it, not three.
    runner.nudge(job);
    runner.nudge('hurried-job');
    runner.nudge(job);
    first.open();
    await expect.poll(() => calls).toBe(2);
    await expect.poll(() => runner.status()['hurried-job']?.running).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(2);
    // The hour-long period was not what ran it.
    expect(runner.status()['hurried-job']?.nextRunAt?.getTime()).toBeGreaterThan(t.clock.now.getTime() + 3_500_000);
  });

  it('does nothing once the runner has stopped', async () => {
    let calls = 0;
    const job: TJob<void> = { name: 'stopped-job', every: 3600, exclusive: false, run: async () => void calls++ };
    const runner = runnerOf([job]);
    runner.start();
    await runner.stop();
    runner.nudge(job);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(0);
  });
});

describe('stopping', () => {
  it('takes no new run at once, tells the run in progress, waits for it, and starts no other', async () => {
    const held = gate();
    let calls = 0;
    let finished = false;
    let sawStop = false;
    const job: TJob<void> = {
      name: 'reminders',
      every: 0.01,
      exclusive: false,
      async run({ signal }) {
        calls++;
        await held.opened;
        sawStop = signal.aborted;
        finished = true;
      },
    };
    const runner = runnerOf([job]);
    runner.start();
    await expect.poll(() => runner.status().reminders?.running).toBe(true);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    expect(runner.status().reminders?.nextRunAt).toBeNull();
    held.open();
    await stopping;
    expect(finished).toBe(true);
    expect(sawStop).toBe(true);
    expect(await runner.run(job)).toBeNull();
    expect(calls).toBe(1);
    expect(runner.status().reminders).toMatchObject({ running: false, nextRunAt: null });
  });

  it('stops waiting at its deadline and says which job was still running', async () => {
    const never = gate();
    const job: TJob<void> = { name: 'stuck-job', every: 60, exclusive: false, run: () => never.opened };
    const runner = runnerOf([job], t.database, { stopDeadlineMs: 50 });
    const run = runner.run(job);
    await runner.stop();
    expect(lines.find((line) => line.message.includes('shutdown deadline'))?.details).toEqual({ jobs: ['stuck-job'] });
    never.open();
    await run;
  });
});

describe('a run that fails', () => {
  it('is logged with the job name and kept as its last error, and the next run still happens', async () => {
    let calls = 0;
    const job: TJob<number> = {
      name: 'flaky-job',
      every: 0.01,
      exclusive: false,
      async run() {
        if (++calls === 1) throw new Error('albo non raggiungibile');
        return calls;
      },
    };
    const runner = runnerOf([job]);
    runner.start();
    await expect.poll(async () => (await rowOf('flaky-job'))?.lastSuccessAt ?? null).not.toBeNull();
    const failure = lines.find((line) => line.level === 'warn');
    expect(failure?.message).toContain('flaky-job');
    expect(failure?.details.job).toBe('flaky-job');
    expect((failure?.details.err as Error | undefined)?.message).toBe('albo non raggiungibile');
    expect(runner.status()['flaky-job']?.lastError).toBe('albo non raggiungibile');
    expect(runner.status()['flaky-job']?.lastSuccessAt).not.toBeNull();
    expect(await rowOf('flaky-job')).toMatchObject({ lastError: 'albo non raggiungibile' });
    // By hand, the error reaches the caller as well.
    await runner.stop();
    calls = 0;
    await expect(runnerOf([job]).run(job)).rejects.toThrow('albo non raggiungibile');
  });
});

describe('a daily job', () => {
  it('runs once a day from its Italian hour, whichever instance gets there first', async () => {
    let calls = 0;
    const job: TJob<number> = { name: 'erasure', every: { dailyAt: '03:00' }, exclusive: false, run: async () => ++calls };
    // 02:30 in Italy (winter, UTC+1): not yet.
    t.clock.now = new Date('2030-01-15T01:30:00Z');
    const first = runnerOf([job]);
    const second = runnerOf([job], await otherInstanceDatabase());
    expect(await first.runIfDue(job)).toBeNull();
    t.clock.now = new Date('2030-01-15T02:05:00Z');
    expect(await first.runIfDue(job)).toBe(1);
    // The other instance reads today's run in job_runs.
    expect(await second.runIfDue(job)).toBeNull();
    t.clock.now = new Date('2030-01-15T22:59:00Z');
    expect(await first.runIfDue(job)).toBeNull();
    expect(await second.runIfDue(job)).toBeNull();
    // The next Italian day: midnight in Rome is 23:00 UTC in winter, and the hour is 03:00 again.
    t.clock.now = new Date('2030-01-16T01:59:00Z');
    expect(await second.runIfDue(job)).toBeNull();
    t.clock.now = new Date('2030-01-16T02:00:00Z');
    expect(await second.runIfDue(job)).toBe(2);
    expect(await first.runIfDue(job)).toBeNull();
    // Summer time (UTC+2): 03:00 in Italy is 01:00 UTC.
    t.clock.now = new Date('2030-07-15T00:59:00Z');
    expect(await first.runIfDue(job)).toBeNull();
    t.clock.now = new Date('2030-07-15T01:00:00Z');
    expect(await first.runIfDue(job)).toBe(3);
    // By hand (npm run job) it runs whatever the hour.
    expect(await second.run(job)).toBe(4);
    expect(calls).toBe(4);
  });

  it('refuses an hour that is not HH:MM', () => {
    expect(() => runnerOf([{ name: 'bad-hour', every: { dailyAt: '3:00' }, exclusive: false, run: async () => {} }])).toThrow(
      'HH:MM',
    );
  });
});

describe('health', () => {
  it('reports a periodic job late after three periods without a success, in every instance', async () => {
    t.clock.now = new Date('2030-03-10T09:00:00Z');
    const job: TJob<void> = { name: 'pruning', every: 60, exclusive: false, run: async () => {} };
    const runner = runnerOf([job]);
    const elsewhere = runnerOf([job], await otherInstanceDatabase());
    expect(await runner.health()).toEqual({ pruning: { last_success: null, late: false } });
    t.clock.advance(181_000);
    expect(await runner.health()).toEqual({ pruning: { last_success: null, late: true } });
    await runner.run(job);
    const ranAt = t.clock.now.toISOString();
    expect(await runner.health()).toEqual({ pruning: { last_success: ranAt, late: false } });
    expect(await elsewhere.health()).toEqual({ pruning: { last_success: ranAt, late: false } });
    t.clock.advance(180_000);
    expect((await elsewhere.health()).pruning?.late).toBe(false);
    t.clock.advance(1_000);
    expect(await elsewhere.health()).toEqual({ pruning: { last_success: ranAt, late: true } });
  });

  it("reports a daily job late a few minutes past its hour without today's run", async () => {
    t.clock.now = new Date('2030-01-15T01:00:00Z');
    const job: TJob<void> = { name: 'albo-yearly', every: { dailyAt: '03:00' }, exclusive: true, run: async () => {} };
    const runner = runnerOf([job]);
    t.clock.now = new Date('2030-01-15T02:02:00Z');
    expect((await runner.health())['albo-yearly']?.late).toBe(false);
    t.clock.now = new Date('2030-01-15T02:04:00Z');
    expect((await runner.health())['albo-yearly']?.late).toBe(true);
    await runner.runIfDue(job);
    expect(await runner.health()).toEqual({ 'albo-yearly': { last_success: '2030-01-15T02:04:00.000Z', late: false } });
    t.clock.now = new Date('2030-01-16T01:30:00Z');
    expect((await runner.health())['albo-yearly']?.late).toBe(false);
    t.clock.now = new Date('2030-01-16T02:10:00Z');
    expect((await runner.health())['albo-yearly']?.late).toBe(true);
  });
});

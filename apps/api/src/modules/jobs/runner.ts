/**
 * The runner of the periodic jobs (docs/decisions/038). A job is declared once — its name, its schedule, whether it
 * must run in one instance at a time, and what it does — and the runner gives every job the same loop: one run at a
 * time in this process (a run never overlaps the previous one), one at a time across instances when the job is
 * exclusive (withJobLock), stop() that takes no new run and waits for the one in progress up to a deadline, the error
 * logged with the job's name, and the last run kept in memory and in `job_runs` for GET /api/health/.
 */
import type { TDb } from '../../db/client';
import type { TAnyJob, TJob, TJobLog } from '../../lib/job';
import { isDailyDue, isLate, minuteOfDay, periodSeconds } from './schedule';

export type { TAnyJob, TJob, TJobContext, TJobLog } from '../../lib/job';

import { jobLockKey, jobRunRows, recordJobRun, withJobLock } from './service';

export interface TJobStatus {
  /** Start of this process's last run (null: none yet). */
  lastStartedAt: Date | null;
  lastDurationMs: number | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  running: boolean;
  /** When the next scheduled run is due in this process; null before start() and after stop(). */
  nextRunAt: Date | null;
}

export interface TJobHealth {
  /** The last successful run's start in any instance (ISO), or null. */
  last_success: string | null;
  late: boolean;
}

export interface TJobRunner {
  readonly jobs: readonly TAnyJob[];
  /** Schedules every job (the first run of each after one period); server.ts calls it when BACKGROUND_JOBS. */
  start(): void;
  /** Takes no new run from now on and waits for the runs in progress, up to the runner's deadline. */
  stop(): Promise<void>;
  /**
   * Runs the job now, whatever its schedule; a run already in progress in this process is shared, not repeated.
   * Null when another instance holds an exclusive job, or the runner is stopped. Rejects with the run's error.
   */
  run<R>(job: TJob<R> | string): Promise<R | null>;
  /** What the timer does: runs a daily job only when it is due (null otherwise), any other job at once. */
  runIfDue<R>(job: TJob<R> | string): Promise<R | null>;
  /**
   * Asks for a run soon, when this process runs its jobs (after start()): at once if the job is idle, else once more
   * right after the run in progress, however many times it is asked meanwhile. The outbox's sender is hurried so when a
   * mail is queued (decision 076); the job's own period goes on as before.
   */
  nudge(job: TAnyJob | string): void;
  /** This process's view of each job. */
  status(): Record<string, TJobStatus>;
  /** Each job's last success in any instance and whether it is late, for GET /api/health/. */
  health(): Promise<Record<string, TJobHealth>>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'error';

export function createJobRunner(options: {
  db: TDb;
  now: () => Date;
  log: TJobLog;
  jobs: readonly TAnyJob[];
  /** How long stop() waits for the runs in progress (default 10 s); server.ts passes SHUTDOWN_TIMEOUT_SECONDS. */
  stopDeadlineMs?: number;
  /** Told after every run, whatever its outcome (the app counts them in its metrics, docs/decisions/039). */
  onRun?: (name: string, ok: boolean, seconds: number) => void;
}): TJobRunner {
  const { db, now, log, jobs } = options;
  const byName = new Map<string, TAnyJob>();
  for (const job of jobs) {
    if (byName.has(job.name)) throw new Error(`two jobs named ${job.name}`);
    if (typeof job.every === 'number' && !(job.every > 0)) throw new Error(`job ${job.name}: every must be > 0 seconds`);
    if (typeof job.every !== 'number') minuteOfDay(job.every.dailyAt);
    byName.set(job.name, job);
  }
  // Since when this process watches its jobs (health gives a fresh instance LATE_AFTER_PERIODS periods): its start.
  let since = now();
  const controller = new AbortController();
  const states = new Map(
    jobs.map((job) => [
      job.name,
      {
        status: {
          lastStartedAt: null,
          lastDurationMs: null,
          lastSuccessAt: null,
          lastError: null,
          lastErrorAt: null,
          running: false,
          nextRunAt: null,
        } as TJobStatus,
        inFlight: undefined as Promise<unknown> | undefined,
        timer: undefined as NodeJS.Timeout | undefined,
        /** A nudge came while a run was in progress: one more run after it. */
        again: false,
      },
    ]),
  );
  let started = false;
  let stopped = false;
  let stopping: Promise<void> | undefined;

  function jobOf(job: TAnyJob | string): TAnyJob {
    const found = byName.get(typeof job === 'string' ? job : job.name);
    if (!found) throw new Error(`no job named ${typeof job === 'string' ? job : job.name}`);
    return found;
  }
  const stateOf = (job: TAnyJob) => states.get(job.name) as NonNullable<ReturnType<typeof states.get>>;

  /** Runs the job and records the outcome (memory, then its row); the error is logged once, with the job's name. */
  async function runAndRecord(job: TAnyJob): Promise<unknown> {
    const { status } = stateOf(job);
    const startedAt = now();
    const clockStart = performance.now();
    status.lastStartedAt = startedAt;
    status.running = true;
    let error: string | null = null;
    let givenBack = false;
    try {
      return await job.run({ now, signal: controller.signal, log });
    } catch (thrown) {
      // The stop cut the run between two steps (signal.throwIfAborted()) and what it held was given back: no failure.
      if (controller.signal.aborted && thrown === controller.signal.reason) {
        givenBack = true;
        log.info({ job: job.name }, `job ${job.name} stopped by the shutdown; its work is left to the next run`);
        return null;
      }
      error = errorText(thrown);
      status.lastError = error;
      status.lastErrorAt = startedAt;
      log.warn({ err: thrown, job: job.name }, `job ${job.name} failed`);
      throw thrown;
    } finally {
      status.running = false;
      status.lastDurationMs = performance.now() - clockStart;
      if (!givenBack) {
        if (error === null) status.lastSuccessAt = startedAt;
        options.onRun?.(job.name, error === null, status.lastDurationMs / 1000);
        try {
          await recordJobRun(db, job.name, { startedAt, durationMs: status.lastDurationMs, error });
        } catch (recordError) {
          // After a failed run the database is most likely away, and that was just logged.
          if (error === null) log.warn({ err: recordError, job: job.name }, `job ${job.name}: its run was not recorded`);
        }
      }
    }
  }

  async function attempt(job: TAnyJob, force: boolean): Promise<unknown> {
    const daily = typeof job.every === 'number' ? undefined : job.every.dailyAt;
    const { status } = stateOf(job);
    // This process already ran it today, or the hour has not come: no need to ask the database.
    if (daily && !force && !isDailyDue(daily, now(), status.lastSuccessAt)) return null;
    if (!job.exclusive && !daily) return runAndRecord(job);
    let ran = false;
    try {
      const outcome = await withJobLock(db, job.lockKey ?? jobLockKey(job.name), async () => {
        if (daily && !force) {
          // Under the lock, the row says whether another instance ran it today.
          const [row] = await jobRunRows(db, [job.name]);
          if (row?.lastSuccessAt && !isDailyDue(daily, now(), row.lastSuccessAt)) {
            status.lastSuccessAt = row.lastSuccessAt;
            return null;
          }
        }
        ran = true;
        return runAndRecord(job);
      });
      return outcome.held ? outcome.value : null;
    } catch (error) {
      // Not the run (logged where it failed) but the lock or the row (the database away): said the same way.
      if (!ran) {
        status.lastError = errorText(error);
        status.lastErrorAt = now();
        log.warn({ err: error, job: job.name }, `job ${job.name} failed`);
      }
      throw error;
    }
  }

  function execute(job: TAnyJob, force: boolean): Promise<unknown> {
    if (stopped) return Promise.resolve(null);
    const state = stateOf(job);
    // One run at a time in this process: a second caller shares the run in progress.
    state.inFlight ??= attempt(job, force).finally(() => {
      state.inFlight = undefined;
      // Nudged while it ran: what was asked for meanwhile is done now (the failure, if any, was logged by the run).
      if (state.again && !stopped) {
        state.again = false;
        void execute(job, false).catch(() => {});
      }
    });
    return state.inFlight;
  }

  function schedule(job: TAnyJob) {
    if (stopped) return;
    const state = stateOf(job);
    const delayMs = periodSeconds(job.every) * 1000;
    state.status.nextRunAt = new Date(now().getTime() + delayMs);
    state.timer = setTimeout(async () => {
      state.timer = undefined;
      state.status.nextRunAt = null;
      // A failure was logged and recorded where it happened; the next period tries again.
      await execute(job, false).catch(() => {});
      schedule(job);
    }, delayMs);
    state.timer.unref();
  }

  return {
    jobs,
    start() {
      if (started || stopped) return;
      started = true;
      since = now();
      for (const job of jobs) schedule(job);
    },
    stop() {
      stopping ??= (async () => {
        stopped = true;
        controller.abort();
        for (const state of states.values()) {
          if (state.timer) clearTimeout(state.timer);
          state.timer = undefined;
          state.status.nextRunAt = null;
        }
        const inFlight = [...states.values()].flatMap((state) => (state.inFlight ? [state.inFlight.catch(() => {})] : []));
        if (inFlight.length === 0) return;
        let deadline: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([
          Promise.all(inFlight).then(() => 'done' as const),
          new Promise<'timeout'>((resolve) => {
            deadline = setTimeout(() => resolve('timeout'), options.stopDeadlineMs ?? 10_000);
          }),
        ]);
        clearTimeout(deadline);
        if (outcome === 'timeout') {
          const running = jobs.filter((job) => stateOf(job).status.running).map((job) => job.name);
          log.warn({ jobs: running }, 'jobs still running at the shutdown deadline: left to the exit');
        }
      })();
      return stopping;
    },
    nudge(job) {
      if (!started || stopped) return;
      const named = jobOf(job);
      const state = stateOf(named);
      if (state.inFlight) state.again = true;
      else void execute(named, false).catch(() => {});
    },
    run: (job) => execute(jobOf(job), true) as never,
    runIfDue: (job) => execute(jobOf(job), false) as never,
    status() {
      return Object.fromEntries(jobs.map((job) => [job.name, { ...stateOf(job).status }]));
    },
    async health() {
      const rows = new Map((await jobRunRows(db, [...byName.keys()])).map((row) => [row.name, row]));
      const at = now();
      return Object.fromEntries(
        jobs.map((job) => {
          const mine = stateOf(job).status.lastSuccessAt;
          const shared = rows.get(job.name)?.lastSuccessAt ?? null;
          const lastSuccess = mine && (!shared || mine > shared) ? mine : shared;
          return [
            job.name,
            { last_success: lastSuccess?.toISOString() ?? null, late: isLate(job.every, at, lastSuccess, since) },
          ];
        }),
      );
    },
  };
}

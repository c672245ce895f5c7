/**
 * What a periodic job is (docs/decisions/038): the shape a feature declares its job in. The runner that schedules them
 * is modules/jobs; a feature needs only this shape, so it does not lean on the runner.
 */

/** Every so many seconds (counted from the end of the previous run), or once a day from an Italian hour. */
export type TSchedule = number | { dailyAt: string };

/** The few log methods a job and the runner use (Fastify's logger has them). */
export interface TJobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface TJobContext {
  /** The app's clock (tests move it): read it when the time matters, a run can be long. */
  now: () => Date;
  /**
   * Aborted when the runner stops (on shutdown, before the requests drain): a job that works in steps stops between two
   * and gives back what it holds (the step in progress is awaited). It may end early with what it did, or throw
   * `signal.reason` (signal.throwIfAborted()), e.g. to roll its transaction back: the runner then records no failure.
   */
  signal: AbortSignal;
  log: TJobLog;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of jobs holds jobs of every result type.
export type TAnyJob = TJob<any>;

export interface TJob<R = unknown> {
  /** Unique, kebab-case: the key of its `job_runs` row, its advisory lock, its health entry and `npm run job -- <name>`. */
  name: string;
  /** Seconds between the end of a run and the start of the next, or once a day from an Italian hour ('HH:MM'). */
  every: TSchedule;
  /**
   * One run at a time across every instance on the database: the others skip that period. Leave it false for a job
   * that is already safe when instances run it at once (the mail outbox claims with FOR UPDATE SKIP LOCKED). A daily
   * job is always exclusive: its `job_runs` row, read under the lock, decides whether today's run happened.
   */
  exclusive: boolean;
  /** The advisory-lock key; by default a hash of the name. */
  lockKey?: number;
  run(ctx: TJobContext): Promise<R>;
}

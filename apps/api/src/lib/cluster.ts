/**
 * The primary of `npm start` on PostgreSQL with several workers (node:cluster, docs/decisions/029): it forks
 * config.workers processes that share the port (the kernel hands connections round-robin), gives the background jobs
 * (the mail outbox sender) to the first worker only, replaces a worker that dies, and on SIGTERM or SIGINT lets each
 * worker shut down gracefully before exiting 0. It serves nothing and holds no database connection itself.
 */
import cluster, { type Address, type Worker } from 'node:cluster';
import type { TConfig } from '../config';

type TLog = { info(message: string): void; warn(message: string): void; error(message: string): void };

/** Runs the primary until shutdown; never returns. started() is told the address once every worker listens. */
export function runClusterPrimary(config: TConfig, log: TLog, started: (address: Address) => void): Promise<never> {
  const roles = new Map<Worker, boolean>();
  const listening = new Set<Worker>();
  let everyoneUp = false;
  let closing = false;

  const fork = (backgroundJobs: boolean) => {
    const worker = cluster.fork({ BACKGROUND_JOBS: backgroundJobs ? 'true' : 'false' });
    roles.set(worker, backgroundJobs);
    return worker;
  };

  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    if (!everyoneUp && listening.size === config.workers) {
      everyoneUp = true;
      started(address);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const backgroundJobs = roles.get(worker) ?? false;
    const wasListening = listening.has(worker);
    roles.delete(worker);
    listening.delete(worker);
    if (closing) {
      if (roles.size === 0) process.exit(0);
      return;
    }
    if (!wasListening) {
      // It never got as far as listening (port taken, database gone at start): the worker told why; so do we, once.
      log.error(`worker ${worker.process.pid} did not start (exit ${code ?? signal}): stopping`);
      closing = true;
      for (const other of roles.keys()) other.process.kill('SIGTERM');
      process.exit(1);
    }
    // A crash of one worker: the others keep serving; its replacement takes over its role.
    log.warn(`worker ${worker.process.pid} exited (${code ?? signal}): starting another`);
    setTimeout(() => fork(backgroundJobs), 500).unref();
  });

  const shutdown = () => {
    if (closing) return;
    closing = true;
    log.info(`shutting down ${roles.size} workers`);
    if (roles.size === 0) process.exit(0);
    for (const worker of roles.keys()) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  for (let i = 0; i < config.workers; i++) fork(i === 0);
  return new Promise<never>(() => {});
}

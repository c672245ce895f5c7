/**
 * A small pool of worker threads (cv-worker.ts) for the CV work that would otherwise stall every other request
 * (decisions 021 and 030): reading a large upload's body and checking the PDF. Workers start on first use, do not keep the process
 * alive, and one that crashes or stays busy past LIMITS.cvCheckTimeoutSeconds on a hostile file is replaced.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LIMITS } from '@farmaponte/shared';
import { apiPath, FROM_SOURCES } from '../../lib/api-root';
import type { TBodyAnswer, TCheckAnswer, TCvWorkerJob } from './cv-worker-messages';

interface TTask {
  id: number;
  job: TCvWorkerJob;
  /** What the job answers when its worker crashes or times out. */
  failed: unknown;
  resolve: (answer: unknown) => void;
}

// From the sources, a file that loads tsx and then cv-worker.ts; built, the worker's own bundle (build.mjs).
const WORKER_FILE = FROM_SOURCES ? new URL('./cv-worker.mjs', import.meta.url) : apiPath('dist/cv-worker.js');
// One core stays with the event loop and PGlite; more than four checks at once would only queue on the CPU.
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));

class CvWorkerPool {
  private readonly idle: Worker[] = [];
  private readonly queue: TTask[] = [];
  /** The task each busy worker is on, and how to end it. */
  private readonly busy = new Map<Worker, { task: TTask; finish: (answer: unknown, healthy: boolean) => void }>();
  private nextId = 1;

  run<T>(job: TCvWorkerJob, failed: T): Promise<T> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, job, failed, resolve: resolve as (answer: unknown) => void });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.idle.length + this.busy.size < POOL_SIZE ? this.spawn() : undefined);
      if (!worker) return;
      this.start(worker, this.queue.shift() as TTask);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_FILE, { workerData: { maxBytes: LIMITS.cvMaxBytes } });
    worker.unref();
    worker.on('message', ({ id, result }: { id: number; result: unknown }) => {
      const current = this.busy.get(worker);
      if (current && id === current.task.id) current.finish(result, true);
    });
    // A file that crashes the worker is not one we want: its job gets its failure answer and the worker is replaced.
    worker.on('error', () => this.busy.get(worker)?.finish(undefined, false));
    worker.on('exit', () => {
      this.busy.get(worker)?.finish(undefined, false);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
    });
    return worker;
  }

  private start(worker: Worker, task: TTask) {
    const finish = (answer: unknown, healthy: boolean) => {
      if (this.busy.get(worker)?.task !== task) return;
      clearTimeout(timer);
      this.busy.delete(worker);
      task.resolve(healthy ? answer : task.failed);
      if (healthy) this.idle.push(worker);
      else void worker.terminate();
      this.dispatch();
    };
    const timer = setTimeout(() => finish(undefined, false), LIMITS.cvCheckTimeoutSeconds * 1000);
    timer.unref();
    this.busy.set(worker, { task, finish });
    // Bytes move to the worker without a copy; the sender must not use them afterwards.
    const { job } = task;
    const bytes = job.kind === 'body' ? job.body : job.kind === 'check-bytes' ? job.bytes : undefined;
    worker.postMessage({ id: task.id, job }, bytes ? [bytes.buffer as ArrayBuffer] : []);
  }
}

/**
 * `bytes` in memory of their own, ready to be transferred. A view over part of a larger buffer (Node's small-buffer
 * pool) is copied, so that a transfer never takes memory that other buffers share.
 */
function ownMemory(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? bytes : bytes.slice();
}

let pool: CvWorkerPool | undefined;
const workers = () => {
  pool ??= new CvWorkerPool();
  return pool;
};

/** Reads a large PUT /api/user/details/ body in a worker; `body` is handed over and must not be used afterwards. */
export const readBodyInWorker = (body: Uint8Array) =>
  workers().run<TBodyAnswer>({ kind: 'body', body: ownMemory(body) }, { kind: 'invalid_json' });

/** Decodes and checks a CV given as base64, in a worker: the PDF's bytes and SHA-256, or why it is refused. */
export const checkBase64CvInWorker = (base64: string) =>
  workers().run<TCheckAnswer>({ kind: 'check-base64', base64 }, { error: 'invalid_pdf' });

/** Checks a CV's decoded bytes in a worker; `bytes` are handed over and must not be used afterwards. */
export const checkCvBytesInWorker = (bytes: Uint8Array) =>
  workers().run<TCheckAnswer>({ kind: 'check-bytes', bytes: ownMemory(bytes) }, { error: 'invalid_pdf' });

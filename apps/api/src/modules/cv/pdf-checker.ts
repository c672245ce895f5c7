/**
 * A small pool of worker threads that decode and check uploaded CVs (pdf-check-worker.mjs), so a 5 MB upload never
 * stalls the other requests (issue 9). Workers start on first use, do not keep the process alive, and one that hangs
 * on a hostile file past LIMITS.cvCheckTimeoutSeconds is replaced and the file refused.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LIMITS } from '@farmaponte/shared';

export type TCvCheck = { bytes: Buffer } | { error: 'invalid_pdf' | 'pdf_too_large' };

interface TJob {
  id: number;
  base64: string;
  resolve: (result: TCvCheck) => void;
}

const WORKER_FILE = new URL('./pdf-check-worker.mjs', import.meta.url);
// One core stays with the event loop and PGlite; more than four checks at once would only queue on the CPU.
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));

type TWorkerAnswer = { id: number; error?: 'invalid_pdf' | 'pdf_too_large'; bytes?: Uint8Array };

class PdfCheckPool {
  private readonly idle: Worker[] = [];
  private readonly queue: TJob[] = [];
  /** The job each busy worker is on, and how to end it. */
  private readonly busy = new Map<Worker, { job: TJob; finish: (result: TCvCheck, healthy: boolean) => void }>();
  private nextId = 1;

  check(base64: string): Promise<TCvCheck> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, base64, resolve });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.idle.length + this.busy.size < POOL_SIZE ? this.spawn() : undefined);
      if (!worker) return;
      this.run(worker, this.queue.shift() as TJob);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_FILE, { workerData: { maxBytes: LIMITS.cvMaxBytes } });
    worker.unref();
    worker.on('message', (answer: TWorkerAnswer) => {
      const current = this.busy.get(worker);
      if (!current || answer.id !== current.job.id) return;
      if (answer.error || !answer.bytes) current.finish({ error: answer.error ?? 'invalid_pdf' }, true);
      else current.finish({ bytes: Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength) }, true);
    });
    // A file that crashes the parser is not a PDF we want: its job is refused and the worker replaced.
    worker.on('error', () => this.busy.get(worker)?.finish({ error: 'invalid_pdf' }, false));
    worker.on('exit', () => {
      this.busy.get(worker)?.finish({ error: 'invalid_pdf' }, false);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
    });
    return worker;
  }

  private run(worker: Worker, job: TJob) {
    const finish = (result: TCvCheck, healthy: boolean) => {
      if (this.busy.get(worker)?.job !== job) return;
      clearTimeout(timer);
      this.busy.delete(worker);
      job.resolve(result);
      if (healthy) this.idle.push(worker);
      else void worker.terminate();
      this.dispatch();
    };
    // A file that keeps the parser busy this long is refused too.
    const timer = setTimeout(() => finish({ error: 'invalid_pdf' }, false), LIMITS.cvCheckTimeoutSeconds * 1000);
    timer.unref();
    this.busy.set(worker, { job, finish });
    worker.postMessage({ id: job.id, base64: job.base64 });
  }
}

let pool: PdfCheckPool | undefined;

/** Decodes and checks one upload in a worker thread: the PDF's bytes, or why it is refused. */
export function checkCvInWorker(base64: string): Promise<TCvCheck> {
  pool ??= new PdfCheckPool();
  return pool.check(base64);
}

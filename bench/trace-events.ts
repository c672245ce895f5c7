/** The events of a Chromium trace (the Trace Event Format) that the web benchmarks read. */
export interface TTraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own CPU time over the event, µs (Chromium's thread clock): what another process took is not in it. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; stackTrace?: { url?: string }[] } };
}

/** A trace file's events. */
export function traceEventsOf(buffer: Buffer): TTraceEvent[] {
  return (JSON.parse(buffer.toString()) as { traceEvents: TTraceEvent[] }).traceEvents;
}

/** Chromium's trace categories for the renderer's tasks alone: cheap enough to keep on while a page loads. */
export const TASK_CATEGORIES = ['toplevel', '__metadata'];

/**
 * The tasks of every renderer's main thread in a trace: each one's wall time (`dur`) and the thread's own CPU time
 * (`tdur`), ms, in the order they ran.
 */
export function rendererTasks(buffer: Buffer): { wallMs: number; threadMs: number }[] {
  const events = traceEventsOf(buffer);
  // A renderer's main thread by its name, or (a process started during the trace may lack the name) as a renderer's first
  // thread: its id is the process's.
  const main = new Set<string>();
  const renderers = new Set<number>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') main.add(`${e.pid}:${e.tid}`);
    if (e.ph === 'M' && e.name === 'process_name' && e.args?.name === 'Renderer') renderers.add(e.pid);
  }
  for (const pid of renderers) main.add(`${pid}:${pid}`);
  return events
    .filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && main.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts)
    .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, threadMs: (e.tdur ?? Number.NaN) / 1000 }));
}

/** The events of a Chromium trace (the Trace Event Format) that the web benchmarks read. */
export interface TTraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; stackTrace?: { url?: string }[] } };
}

/** A trace file's events. */
export function traceEventsOf(buffer: Buffer): TTraceEvent[] {
  return (JSON.parse(buffer.toString()) as { traceEvents: TTraceEvent[] }).traceEvents;
}

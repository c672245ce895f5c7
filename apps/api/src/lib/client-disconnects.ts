/**
 * A client that goes away before its answer is complete (a closed tab, a phone losing signal, a page left while its
 * script downloads) is not a server error. @fastify/compress logs the "premature close" of its stream pipeline at
 * error level, and no option of its own changes that: this pino hook logs it at info instead, so an error line in
 * the log still means something is wrong with the server.
 */
/** What the hook uses of pino's logger (pino itself is Fastify's dependency, not ours). */
interface TPinoLogger {
  levels: { values: Record<string, number> };
  info(object: object, message: string): void;
}

/** The error Node's streams (ERR_STREAM_PREMATURE_CLOSE) and end-of-stream (used by pump) give a pipe cut short. */
export function isClientDisconnect(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' || error.message === 'premature close';
}

export const CLIENT_DISCONNECT_MESSAGE = 'client closed the connection before the answer was complete';

/** pino's logMethod hook: an error or warning that is only a client disconnect is logged at info. */
export function logClientDisconnectsAtInfo(
  this: TPinoLogger,
  args: unknown[],
  method: (this: TPinoLogger, ...args: unknown[]) => void,
  level: number,
): void {
  const [first] = args;
  const error = first instanceof Error ? first : (first as { err?: unknown } | undefined)?.err;
  if (level > (this.levels.values.info ?? 30) && isClientDisconnect(error)) {
    this.info({ err: error }, CLIENT_DISCONNECT_MESSAGE);
    return;
  }
  method.apply(this, args);
}

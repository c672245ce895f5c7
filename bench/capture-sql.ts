/**
 * The statements the API runs for a request, captured (bench/load.ts, for the floor's replay: bench/floor.ts). Loaded
 * before the server with `node --import ./bench/capture-sql.ts`: every pg `Client.prototype.query` is recorded with its
 * text, its values as pg sends them, and when it was asked and answered, grouped per HTTP request through an
 * AsyncLocalStorage entered on the `http.server.request.start` diagnostics channel. A request that carries an
 * `x-bench-target` header appends one JSON line to CAPTURE_SQL_FILE when its answer has been sent: the target's name,
 * its status and its statements. Statements run outside a request (the jobs, the start-up) are not recorded.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';

export interface TCapturedStatement {
  text: string;
  values: (string | null)[];
  /** Milliseconds since the request started: when the statement was asked, and when its answer came. */
  start: number;
  end: number;
}

const file = process.env.CAPTURE_SQL_FILE;
if (!file) throw new Error('CAPTURE_SQL_FILE is required');
const requests = new AsyncLocalStorage<{ started: number; statements: TCapturedStatement[] }>();

subscribe('http.server.request.start', (message) => {
  const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
  const target = request.headers['x-bench-target'];
  if (typeof target !== 'string') return;
  const store = { started: performance.now(), statements: [] as TCapturedStatement[] };
  requests.enterWith(store);
  response.once('finish', () =>
    appendFileSync(
      file,
      `${JSON.stringify({ target, url: request.url, status: response.statusCode, statements: store.statements })}\n`,
    ),
  );
});

// pg's own conversion of a parameter (lib/utils.js), the one Client.query applies before sending.
// @ts-expect-error: pg's types do not describe its lib/ modules.
const utils = (await import('pg/lib/utils.js')).default as { prepareValue: (value: unknown) => unknown };
const { prepareValue } = utils;
/** A value as pg puts it on the wire (dates and arrays as PostgreSQL's text), so the replay sends the same. */
const wire = (value: unknown) => {
  const text = prepareValue(value);
  return text === null || text === undefined ? null : Buffer.isBuffer(text) ? `\\x${text.toString('hex')}` : String(text);
};

const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as { query: unknown }).query = function capturedQuery(this: pg.Client, ...args: unknown[]) {
  const store = requests.getStore();
  if (!store) return query.apply(this, args);
  const config = args[0] as string | { text?: string; values?: unknown[] };
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text !== 'string') return query.apply(this, args);
  const values = (Array.isArray(args[1]) ? args[1] : typeof config === 'object' ? config.values : undefined) ?? [];
  const statement: TCapturedStatement = {
    text,
    values: values.map(wire),
    start: performance.now() - store.started,
    end: 0,
  };
  store.statements.push(statement);
  const done = () => {
    statement.end = performance.now() - store.started;
  };
  const last = args.at(-1);
  if (typeof last === 'function') {
    args[args.length - 1] = (...answer: unknown[]) => {
      done();
      return (last as (...a: unknown[]) => unknown)(...answer);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
  return result;
};

/**
 * Preloaded into the API's process by bench/burst.ts (`node --import`): wraps pg's Client#query so that
 * - while capturing (SIGUSR2 toggles it), each statement the process sends (text, values, prepared name) is appended to
 *   BURST_CAPTURE_FILE as a line of JSON once it has answered, with the rows an INSERT … RETURNING gave (the ids later
 *   statements carry): the statements of one write, which the floor replays;
 * - at all times, a statement PostgreSQL ended with a deadlock (40P01) or a serialization failure (40001) appends its
 *   SQLSTATE to BURST_CONFLICT_FILE, even when the app's retry (lib/transactions.ts) then hid it from the client.
 * Plain JavaScript: it runs before tsx is registered.
 */
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const captureFile = process.env.BURST_CAPTURE_FILE;
const conflictFile = process.env.BURST_CONFLICT_FILE;
let capturing = false;
process.on('SIGUSR2', () => {
  capturing = !capturing;
});

/** Bytes (a PDF, an XML) as base64, for bench/burst.ts to give back as bytes. */
const bytes = (v) => (Buffer.isBuffer(v) || v instanceof Uint8Array ? { $bytes: Buffer.from(v).toString('base64') } : v);

const original = pg.Client.prototype.query;

pg.Client.prototype.query = function query(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  const params = Array.isArray(values) ? values : config?.values;
  const captured = capturing && captureFile && typeof text === 'string';
  const settle = (error, result) => {
    if (conflictFile && error && (error.code === '40P01' || error.code === '40001'))
      appendFileSync(conflictFile, `${error.code}\n`);
    if (captured && !error) {
      const returned = /^\s*insert\b[\s\S]*\breturning\b/i.test(text) ? result?.rows : undefined;
      appendFileSync(
        captureFile,
        `${JSON.stringify({ text, values: (params ?? []).map(bytes), name: config?.name, returned })}\n`,
      );
    }
  };
  // The callback forms (pg.Pool#query passes one) and the promise form alike.
  const cb = typeof values === 'function' ? values : typeof callback === 'function' ? callback : undefined;
  if (cb) {
    const wrapped = (error, result) => {
      settle(error, result);
      cb(error, result);
    };
    return typeof values === 'function' ? original.call(this, config, wrapped) : original.call(this, config, values, wrapped);
  }
  if (config && typeof config.callback === 'function') {
    const inner = config.callback;
    config.callback = (error, result) => {
      settle(error, result);
      inner(error, result);
    };
    return original.call(this, config, values);
  }
  const answer = original.call(this, config, values);
  if (answer && typeof answer.then === 'function')
    answer.then(
      (result) => settle(null, result),
      (error) => settle(error),
    );
  return answer;
};

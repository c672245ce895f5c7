/**
 * The drill's load balancer (bench/drill.ts): a node:http proxy handing requests round-robin to the API instances, as a
 * production balancer would. An instance that refuses a connection is skipped for a second, then tried again, so a
 * dead instance costs retries, never errors for good. A request whose connection was refused never reached the
 * instance and is sent to the next one whatever its method; one that failed after it was sent is retried only when it
 * is idempotent (GET, HEAD, PUT, DELETE, OPTIONS), else the client gets 502: its write may or may not have been made.
 */
import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TBalancerError {
  /** Seconds since the drill started. */
  at: number;
  instance: number;
  method: string;
  path: string;
  error: string;
  /** Whether the request had reached the instance (its connection was open) when it failed. */
  connected: boolean;
  /** What the balancer did: retried on another instance, or answered 502. */
  outcome: 'retried' | '502';
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
/** How long an instance that failed a connection is skipped before it is tried again. */
const SKIP_MS = 1_000;
const BACKEND_TIMEOUT_MS = 60_000;

export async function startBalancer(ports: number[], clock: () => number, listenOn = 0) {
  const instances = ports.map((port) => ({ port, skipUntil: 0 }));
  const errors: TBalancerError[] = [];
  let next = 0;

  /** The next instance in turn that is not skipped and not tried yet for this request; a skipped one if none is left. */
  function pick(tried: Set<number>): number | undefined {
    const now = Date.now();
    const candidates = instances.map((_, i) => (next + i) % instances.length).filter((i) => !tried.has(i));
    const chosen = candidates.find((i) => (instances[i]?.skipUntil ?? 0) <= now) ?? candidates[0];
    if (chosen !== undefined) next = (chosen + 1) % instances.length;
    return chosen;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
      const headers: IncomingHttpHeaders = { ...req.headers, 'x-forwarded-for': forwardedFor, connection: 'close' };
      const tried = new Set<number>();

      const attempt = () => {
        const index = pick(tried);
        if (index === undefined) {
          res.writeHead(502, { 'content-type': 'application/json', 'x-drill-balancer': '1' });
          res.end(JSON.stringify({ code: 'no_instance_answered' }));
          return;
        }
        tried.add(index);
        const instance = instances[index] as { port: number; skipUntil: number };
        let connected = false;
        let answered = false;
        // One connection per request: a kept-alive socket to an instance that was killed would fail a POST after it
        // was sent, which cannot be retried; a new connection fails at connect, which can.
        const upstream = request({ host: '127.0.0.1', port: instance.port, method, path, headers, agent: false });
        upstream.setTimeout(BACKEND_TIMEOUT_MS, () => upstream.destroy(new Error('timeout')));
        upstream.on('socket', (socket) => socket.once('connect', () => (connected = true)));
        upstream.on('response', (answer) => {
          answered = true;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (answered) {
            res.destroy();
            return;
          }
          instance.skipUntil = Date.now() + SKIP_MS;
          const retry = (!connected || IDEMPOTENT.has(method)) && tried.size < instances.length;
          errors.push({
            at: clock(),
            instance: index,
            method,
            path,
            error: error.code ?? error.message,
            connected,
            outcome: retry ? 'retried' : '502',
          });
          if (retry) attempt();
          else {
            res.writeHead(502, { 'content-type': 'application/json', 'x-drill-balancer': '1' });
            res.end(JSON.stringify({ code: 'upstream_failed', error: error.code ?? error.message }));
          }
        });
        upstream.end(body);
      };
      attempt();
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

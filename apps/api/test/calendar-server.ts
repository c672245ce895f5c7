/**
 * A local HTTP server standing for the world's calendar hosts in the tests of the outbound fetcher and the external
 * calendar (decision 096): each path answers as one kind of host does (a calendar, a redirect, a huge body, silence).
 * Paths may be set while it runs, so one test can change what a calendar holds.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TRoute = (response: ServerResponse) => void;

export interface TCalendarServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** Sets what a path answers. */
  route(path: string, answer: TRoute): void;
  /** How many requests each path had. */
  hits(path: string): number;
  close(): Promise<void>;
}

export const serveText =
  (body: string, contentType = 'text/calendar; charset=utf-8'): TRoute =>
  (response) => {
    response.writeHead(200, { 'content-type': contentType });
    response.end(body);
  };

export const redirectTo =
  (location: string, status = 302): TRoute =>
  (response) => {
    response.writeHead(status, { location });
    response.end();
  };

/** A body past `bytes`, sent in pieces with no length announced (so the cap must count what arrives). */
export const hugeBody =
  (bytes: number): TRoute =>
  (response) => {
    response.writeHead(200, { 'content-type': 'text/calendar' });
    const line = `${'X'.repeat(1023)}\n`;
    let sent = 0;
    const push = () => {
      while (sent < bytes) {
        sent += line.length;
        if (!response.write(line)) {
          response.once('drain', push);
          return;
        }
      }
      response.end();
    };
    response.on('error', () => {});
    push();
  };

/** Accepts the request and never answers. */
export const silence: TRoute = () => {};

export const status =
  (code: number): TRoute =>
  (response) => {
    response.writeHead(code, { 'content-type': 'text/plain' });
    response.end('no');
  };

export async function startCalendarServer(): Promise<TCalendarServer> {
  const routes = new Map<string, TRoute>();
  const counts = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const answer = routes.get(path);
    if (answer) answer(response);
    else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    route: (path, answer) => routes.set(path, answer),
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The address users reach the platform at: PUBLIC_URL when set, otherwise the host and the port the server really listens on. */
import type { AddressInfo } from 'node:net';
import type { TConfig } from '../config';

const WILDCARD_OR_LOOPBACK = new Set(['', '0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/** `listening` is what server.address() answers: null before listen (tests through inject), then the real port (also for PORT=0). */
export function publicUrlOf(
  config: Pick<TConfig, 'PUBLIC_URL' | 'HOST' | 'PORT'>,
  listening: AddressInfo | string | null,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const port = listening && typeof listening === 'object' ? listening.port : config.PORT;
  const host = WILDCARD_OR_LOOPBACK.has(config.HOST) ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${port}`;
}

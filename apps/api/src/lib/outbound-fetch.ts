/**
 * The server's one way to fetch an address a user typed (a pharmacist's external calendar, decision 096). A user's
 * address must never reach what only the server can reach (the machine itself, the private network, a cloud's metadata
 * service), so the fetcher resolves the host itself, refuses every private or special address, and connects to the
 * very address it checked (pinned through the `lookup` option: a DNS answer that changes between the check and the
 * connection cannot slip in). Redirects are followed by hand, at most a few, each hop checked the same way. The whole
 * fetch has one time-out and the body a size cap; every failure is an outcome, never an exception, so no address a
 * user gives can turn into a 500.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

export type TOutboundFailure =
  /** Not an http(s) address, or one the URL parser refuses. */
  | 'invalid_url'
  /** The host has no address, or refused or dropped the connection. */
  | 'unreachable'
  | 'timeout'
  /** The body (or its announced length) is over the cap. */
  | 'too_large'
  /** The host (or a redirect's) resolves to a loopback, private, link-local or other special address. */
  | 'private_address'
  /** An answer other than 2xx, or more redirects than allowed. */
  | 'bad_status';

export type TOutboundOutcome =
  | { ok: true; body: string; contentType: string | null; status: number }
  | { ok: false; reason: TOutboundFailure; status?: number };

export interface TOutboundOptions {
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * Hosts ('localhost') or host:port pairs ('127.0.0.1:4010') fetched even though they are private: for tests and a
   * local demo only (OUTBOUND_FETCH_ALLOW), empty by default. Matched on the address's host as written, never on
   * what it resolves to.
   */
  allow?: readonly string[];
  accept?: string;
  /** The resolver (tests give a fake DNS); node's by default. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The 4 bytes of a dotted IPv4 address. */
function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (with '::' and an embedded dotted IPv4 tail), or undefined. */
function ipv6Bytes(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    if (isIP(dotted[1]) !== 4) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined;
    const value = Number.parseInt(group, 16);
    tail.push(value >> 8, value & 0xff);
  }
  return tail;
}

/** Whether the first `bits` bits of `bytes` equal those of `prefix`. */
function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** IPv4 ranges no user's address may reach: this network, loopback, private, CGNAT, link-local, and so on. */
const PRIVATE_V4: [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network", 0.0.0.0 the unspecified address
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local, cloud metadata services
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, and the broadcast address
];

const PRIVATE_V6: [number[], number][] = [
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
];

/** An IPv4 address inside an IPv6 one that carries it (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::). */
function embeddedV4(bytes: number[]): number[] | undefined {
  const zeros = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (zeros(12)) return bytes.slice(12);
  if (inPrefix(bytes, [0, 0x64, 0xff, 0x9b], 32) && bytes.slice(4, 12).every((b) => b === 0)) return bytes.slice(12);
  return undefined;
}

/**
 * Whether an address (IPv4 or IPv6, as resolved) is one a user's address must not reach: loopback, private, CGNAT,
 * link-local, unique local, unspecified, multicast, reserved, or IPv6 carrying any of those in an IPv4 part. Anything
 * that does not parse counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address.split('%')[0] ?? '');
  if (family === 4) {
    const bytes = ipv4Bytes(address);
    return PRIVATE_V4.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
  }
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  const v4 = embeddedV4(bytes);
  // ::, ::1 and every IPv4-carrying form are judged by the IPv4 address they hold (:: holds 0.0.0.0, ::1 0.0.0.1).
  if (v4) return PRIVATE_V4.some(([prefix, bits]) => inPrefix(v4, prefix, bits));
  return PRIVATE_V6.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

function allowed(url: URL, allow: readonly string[]): boolean {
  const host = hostOf(url);
  const port = portOf(url);
  return allow.some((entry) => {
    const lower = entry.trim().toLowerCase();
    return lower === host || lower === `${host}:${port}` || lower === `[${host}]:${port}`;
  });
}

type THop = { kind: 'answer'; response: IncomingMessage } | { kind: 'failed'; reason: TOutboundFailure };

/** One request to the address checked, the connection pinned to it. */
function request(url: URL, address: { address: string; family: number }, accept: string, signal: AbortSignal) {
  // Whatever the agent asks (one address, or all of them for "happy eyeballs"), it gets the one checked.
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<THop>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: pinned,
        signal,
        agent: false,
        headers: { accept, 'user-agent': 'Farmaponte (calendario esterno)', 'accept-encoding': 'identity' },
      },
      (response) => resolve({ kind: 'answer', response }),
    );
    req.on('error', () => resolve({ kind: 'failed', reason: signal.aborted ? 'timeout' : 'unreachable' }));
    req.end();
  });
}

/** The body, up to the cap: past it, the connection is dropped and nothing more read. */
function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal) {
  return new Promise<{ ok: true; body: Buffer } | { ok: false; reason: TOutboundFailure }>((resolve) => {
    const announced = Number(response.headers['content-length']);
    if (Number.isFinite(announced) && announced > maxBytes) {
      response.destroy();
      resolve({ ok: false, reason: 'too_large' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        resolve({ ok: false, reason: 'too_large' });
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve({ ok: true, body: Buffer.concat(chunks) }));
    response.on('error', () => resolve({ ok: false, reason: signal.aborted ? 'timeout' : 'unreachable' }));
    response.on('close', () => {
      if (!response.complete) resolve({ ok: false, reason: signal.aborted ? 'timeout' : 'unreachable' });
    });
  });
}

/** The address to connect to for this URL, or why there is none. */
async function checkedAddress(
  url: URL,
  options: TOutboundOptions,
): Promise<{ address: string; family: number } | TOutboundFailure> {
  const host = hostOf(url);
  const resolve = options.resolve ?? ((name: string) => dnsLookup(name, { all: true, verbatim: true }));
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  } catch {
    return 'unreachable';
  }
  const [first] = addresses;
  if (!first) return 'unreachable';
  if (allowed(url, options.allow ?? [])) return first;
  // One private address among several is enough to refuse: which one a connection would use is not ours to pick.
  if (addresses.some((one) => isPrivateAddress(one.address))) return 'private_address';
  return first;
}

function parsedHttpUrl(text: string, base?: URL): URL | undefined {
  try {
    const url = new URL(text, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password) return undefined;
    return url;
  } catch {
    return undefined;
  }
}

/**
 * GETs an http(s) address a user gave, safely (above): the body as text on a 2xx answer, else why not. Never throws.
 */
export async function outboundFetch(address: string, options: TOutboundOptions = {}): Promise<TOutboundOutcome> {
  const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const { signal } = controller;
  const timedOut = new Promise<TOutboundOutcome>((resolve) =>
    signal.addEventListener('abort', () => resolve({ ok: false, reason: 'timeout' }), { once: true }),
  );
  try {
    // A slow resolver is bounded by the same time-out as everything else.
    return await Promise.race([timedOut, follow(address, options, { maxBytes, maxRedirects, signal })]);
  } catch {
    return { ok: false, reason: signal.aborted ? 'timeout' : 'unreachable' };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

async function follow(
  address: string,
  options: TOutboundOptions,
  limits: { maxBytes: number; maxRedirects: number; signal: AbortSignal },
): Promise<TOutboundOutcome> {
  const start = parsedHttpUrl(address);
  if (!start) return { ok: false, reason: 'invalid_url' };
  let url: URL = start;
  for (let hop = 0; ; hop += 1) {
    const target = await checkedAddress(url, options);
    if (typeof target === 'string') return { ok: false, reason: target };
    if (limits.signal.aborted) return { ok: false, reason: 'timeout' };
    const answer = await request(url, target, options.accept ?? '*/*', limits.signal);
    if (answer.kind === 'failed') return { ok: false, reason: answer.reason };
    const { response } = answer;
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.resume();
      const location = response.headers.location;
      const next: URL | undefined = location ? parsedHttpUrl(location, url) : undefined;
      if (!next || hop >= limits.maxRedirects) {
        response.destroy();
        return { ok: false, reason: next || !location ? 'bad_status' : 'invalid_url', status };
      }
      response.destroy();
      url = next;
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      return { ok: false, reason: 'bad_status', status };
    }
    const body = await readBody(response, limits.maxBytes, limits.signal);
    if (!body.ok) return body;
    const contentType = response.headers['content-type'] ?? null;
    return { ok: true, body: new TextDecoder('utf-8').decode(body.body), contentType, status };
  }
}

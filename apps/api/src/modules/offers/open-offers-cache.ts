/**
 * The list of open offers is the hottest read of the product (every pharmacist's search page, ≈ 5,000 offers,
 * 1.5 MB of JSON). It is built once per TTL, written by the response schema's writer once (only the schema's fields),
 * and kept serialised and compressed; writes on this instance clear it at once, other instances see them within the
 * TTL. Past half its TTL a request still gets the list at once while a fresh one is built (and compressed) behind it,
 * so steady traffic never waits for a rebuild (bench/web.ts: 0.6–1.6 s for 5,000 offers on a busy 2-core machine); a list
 * older than the TTL is never served.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type TOffer, todayInItaly } from '@farmaponte/shared';
import type { TEncoding } from '../../lib/compression';
import type { TEventBus } from '../../lib/event-bus';

const brotli = promisify(brotliCompress);
/** 1.9 MB of JSON → 102 KB in 33 ms here; quality 4 gives 118 KB in 17 ms, 6 gives 100 KB in 37 ms. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const gzipAsync = promisify(gzip);

interface TEntry {
  day: string;
  expiresAt: number;
  offers: TOffer[];
  json: Buffer;
  /** Made with the list, before it is served. */
  br: Buffer;
  gzip?: Promise<Buffer>;
}

/** How long a built list is served before it is built again (writes on this instance clear it at once). */
export const OPEN_OFFERS_CACHE_TTL_MS = 10_000;

export function createOpenOffersCache(
  load: (now: Date) => Promise<TOffer[]>,
  /** The app's answer writer of the list's schema (lib/answer-writer.ts). */
  write: (offers: TOffer[]) => string,
  ttlMs = OPEN_OFFERS_CACHE_TTL_MS,
) {
  let current: Promise<TEntry> | undefined;
  let generation = 0;
  let refreshing = false;

  async function build(now: Date): Promise<TEntry> {
    const offers = await load(now);
    const json = Buffer.from(write(offers));
    // Compressed before it is served: every browser asks for brotli, and when it was made on the first request after
    // each build, that pharmacist waited for it (33 ms on a quiet core, 200+ ms while the machine was busy, bench/web.ts).
    const br = await brotli(json, BROTLI_OPTIONS);
    return { day: todayInItaly(now), expiresAt: now.getTime() + ttlMs, offers, json, br };
  }

  /** A fresh list built behind the one being served; kept only if nothing cleared the cache meanwhile. */
  function refreshBehind(now: Date) {
    if (refreshing) return;
    refreshing = true;
    const mine = generation;
    const pending = build(now);
    pending
      .then(() => {
        if (generation === mine) current = pending;
      })
      // A failed refresh changes nothing: the list is rebuilt, with its error, once it is too old to serve.
      .catch(() => {})
      .finally(() => {
        refreshing = false;
      });
  }

  return {
    async get(now: Date): Promise<TEntry> {
      const entry = current && (await current);
      if (entry && entry.expiresAt > now.getTime() && entry.day === todayInItaly(now)) {
        if (entry.expiresAt - now.getTime() < ttlMs / 2) refreshBehind(now);
        return entry;
      }
      const mine = ++generation;
      // One rebuild at a time: concurrent requests wait for the same query.
      const pending = build(now);
      current = pending;
      pending.catch(() => {
        if (generation === mine) current = undefined;
      });
      return pending;
    },
    invalidate() {
      generation++;
      current = undefined;
    },
    /** The entry's JSON in this encoding (lib/compression.ts negotiates it), or as it is. */
    encoded(entry: TEntry, encoding: TEncoding | undefined): Promise<{ body: Buffer; encoding?: TEncoding }> {
      if (encoding === 'br') return Promise.resolve({ body: entry.br, encoding });
      if (encoding === 'gzip') {
        entry.gzip ??= gzipAsync(entry.json);
        return entry.gzip.then((body) => ({ body, encoding }));
      }
      return Promise.resolve({ body: entry.json });
    },
  };
}
export type TOpenOffersCache = ReturnType<typeof createOpenOffersCache>;

/**
 * What clears the open-offer list, after the commit, on every instance (decision 087): an offer published, changed,
 * closed, reopened or deleted, a pharmacy moved, an owner's offers published by the approval, an account suspended or
 * erased (its offers close or go), an acceptance or its end (places taken or freed), and reviews published (the rows
 * show the pharmacy's rating).
 */
export function subscribeOpenOffersCache(bus: TEventBus, cache: TOpenOffersCache): void {
  bus.afterCommit(
    [
      'offer.published',
      'offer.updated',
      'offer.closed',
      'offer.reopened',
      'offer.deleting',
      'pharmacy.moved',
      'verification.decided',
      'user.suspended',
      'user.erased',
      'application.status_changed',
      'reviews.published',
    ],
    (events) => {
      const changes = events.some(
        (event) =>
          (event.type !== 'application.status_changed' && event.type !== 'verification.decided') ||
          (event.type === 'verification.decided' && event.published > 0) ||
          (event.type === 'application.status_changed' && (event.from === 'accepted' || event.to === 'accepted')),
      );
      if (changes) cache.invalidate();
    },
  );
}

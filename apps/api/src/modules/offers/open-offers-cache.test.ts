import { brotliDecompressSync } from 'node:zlib';
import type { TOffer } from '@farmaponte/shared';
import { describe, expect, it, vi } from 'vitest';
import { createOpenOffersCache } from './open-offers-cache';

const TTL = 10_000;
const offer = (id: number) => ({ id, title: `Offerta ${id}` }) as TOffer;

/** A cache over a list whose loads we count and release by hand. */
function cacheOverControlledLoads() {
  const loads: { release: () => void }[] = [];
  let version = 0;
  const cache = createOpenOffersCache(
    () =>
      new Promise<TOffer[]>((resolve) => {
        const mine = ++version;
        loads.push({ release: () => resolve([offer(mine)]) });
      }),
    (offers) => JSON.stringify(offers),
    TTL,
  );
  return { cache, loads };
}

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, 0) + ms);
const ids = (json: Buffer) => (JSON.parse(json.toString()) as TOffer[]).map((o) => o.id);

describe('the open-offer list cache', () => {
  it('past half its life answers at once with the list it has while a fresh one is built behind it', async () => {
    const { cache, loads } = cacheOverControlledLoads();
    const first = cache.get(at(0));
    loads[0]?.release();
    expect(ids((await first).json)).toEqual([1]);

    expect(ids((await cache.get(at(4_000))).json)).toEqual([1]);
    expect(loads).toHaveLength(1);

    // 6 s: still served from the first list, with no wait, and a second load has started.
    expect(ids((await cache.get(at(6_000))).json)).toEqual([1]);
    expect(loads).toHaveLength(2);
    expect(ids((await cache.get(at(7_000))).json)).toEqual([1]);
    expect(loads).toHaveLength(2);

    loads[1]?.release();
    await vi.waitFor(async () => expect(ids((await cache.get(at(8_000))).json)).toEqual([2]));
    expect(loads).toHaveLength(2);
  });

  it('serves each list already compressed with brotli, so that no browser waits for it', async () => {
    const { cache, loads } = cacheOverControlledLoads();
    const first = cache.get(at(0));
    loads[0]?.release();
    const entry = await first;
    expect(Buffer.isBuffer(entry.br)).toBe(true);
    const { body, encoding } = await cache.encoded(entry, 'br');
    expect(encoding).toBe('br');
    expect(brotliDecompressSync(body).equals(entry.json)).toBe(true);
  });

  it('never serves a list older than its life, and a write on this instance drops a refresh under way', async () => {
    const { cache, loads } = cacheOverControlledLoads();
    const first = cache.get(at(0));
    loads[0]?.release();
    await first;
    await cache.get(at(6_000)); // refresh behind: load 2 starts
    cache.invalidate(); // an offer was written here
    const afterWrite = cache.get(at(6_500));
    expect(loads).toHaveLength(3);
    loads[1]?.release();
    loads[2]?.release();
    expect(ids((await afterWrite).json)).toEqual([3]);
    // The refresh started before the write finishes too (compressed off the main thread), and is dropped: list 2 is
    // never served. It has finished when, past half of list 3's life, a new refresh may start (one at a time).
    const served = new Set<number>();
    await vi.waitFor(async () => {
      for (const id of ids((await cache.get(at(12_000))).json)) served.add(id);
      expect(loads).toHaveLength(4);
    });
    expect([...served]).toEqual([3]);

    // Nobody asked for 20 s: the next request waits for a new list rather than get one 20 s old.
    const late = cache.get(at(27_000));
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toHaveLength(5);
    loads[4]?.release();
    expect(ids((await late).json)).toEqual([5]);
    loads[3]?.release();
  });
});

/** The live channel's payloads (decision 072): under NOTIFY's 8,000-byte limit however big the write, and read back whole. */
import { describe, expect, it } from 'vitest';
import { decodeLiveEvents, encodeLiveEvents, type TLiveEvent } from './live-channel';

describe('live event payloads', () => {
  it('split a big write into payloads NOTIFY takes, and read back every event as it was', () => {
    // An offer that fills answers hundreds of waiting applications at once.
    const events: TLiveEvent[] = Array.from({ length: 2_000 }, (_, i) => ({
      type: 'application',
      applicationId: 1_000_000 + i,
      userIds: [2_000_000 + i, 42],
    }));
    events.push({ type: 'notification', userIds: [42] });
    const payloads = encodeLiveEvents(events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(payloads.flatMap(decodeLiveEvents)).toEqual(events);
  });

  it("reads someone else's NOTIFY on the channel as nothing", () => {
    expect(decodeLiveEvents('not json')).toEqual([]);
    expect(encodeLiveEvents([])).toEqual([]);
  });
});

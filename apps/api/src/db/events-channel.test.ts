/** The events channel's payloads (decision 087): under NOTIFY's 8,000-byte limit however big the write, read back whole. */
import { describe, expect, it } from 'vitest';
import { decodeChannelMessage, encodeChannelMessage } from './events-channel';

describe('event payloads', () => {
  it('split a big write into payloads NOTIFY takes, and read back every event as it was', () => {
    // An offer that fills answers hundreds of waiting applications at once.
    const events = Array.from({ length: 2_000 }, (_, i) => ({
      type: 'application.status_changed',
      applicationId: 1_000_000 + i,
      offerId: 7,
      pharmacistId: 2_000_000 + i,
      ownerId: 42,
      from: 'sent',
      to: 'rejected',
      cause: 'offer_filled',
      message: "Tutti i posti dell'offerta sono già coperti. Messaggio con accenti: è à ù.",
    }));
    const payloads = encodeChannelMessage({ origin: 'questo-processo', events });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    const read = payloads.map(decodeChannelMessage);
    expect(read.every((message) => message?.origin === 'questo-processo')).toBe(true);
    expect(read.flatMap((message) => message?.events ?? [])).toEqual(events);
  });

  it("reads someone else's NOTIFY on the channel as nothing", () => {
    expect(decodeChannelMessage('not json')).toBeUndefined();
    expect(decodeChannelMessage('{"hello":1}')).toBeUndefined();
    expect(encodeChannelMessage({ origin: 'x', events: [] })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseServerSentEvents, reconnectDelayMs } from './event-stream';

describe('parseServerSentEvents', () => {
  it('reads the events a chunk completes, keeps the rest, and skips the heartbeat comments', () => {
    const first = parseServerSentEvents('event: ready\nretry: 2000\ndata: {}\n\n: heartbeat\n\nevent: message\ndata: {"appl');
    expect(first.events).toEqual([{ event: 'ready', data: '{}' }]);
    const second = parseServerSentEvents(`${first.rest}ication_id":7}\n\nevent: notification\ndata: {}\n\n`);
    expect(second.events).toEqual([
      { event: 'message', data: '{"application_id":7}' },
      { event: 'notification', data: '{}' },
    ]);
    expect(second.rest).toBe('');
  });

  it('joins data lines, and a block without data is no event', () => {
    expect(parseServerSentEvents('data: a\ndata:b\n\nevent: nothing\n\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});

describe('reconnectDelayMs', () => {
  it('grows from about a second to at most about 30 seconds', () => {
    expect(reconnectDelayMs(1)).toBeGreaterThanOrEqual(800);
    expect(reconnectDelayMs(1)).toBeLessThanOrEqual(1200);
    expect(reconnectDelayMs(3)).toBeGreaterThanOrEqual(3200);
    expect(reconnectDelayMs(20)).toBeLessThanOrEqual(36_000);
  });
});

import { LIMITS } from '@farmaponte/shared/limits';
import { describe, expect, it, vi } from 'vitest';
import { earlyHeaders, startEarlyRequests, takeEarlyResponse } from './early-requests';

describe('requests started before the app loaded', () => {
  it('are sent with the API client headers and taken once, by path and token', async () => {
    const scope = {};
    const answer = new Response('{}');
    const fetcher = vi.fn(async () => answer);
    startEarlyRequests(['/api/a/', '/api/b/?page=1'], 'tok', { scope, fetcher, now: 100 });
    expect(fetcher).toHaveBeenCalledWith('/api/a/', { headers: earlyHeaders('tok') });
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(earlyHeaders('tok')).toEqual({ accept: 'application/json', authorization: 'Bearer tok' });
    expect(await takeEarlyResponse('/api/a/', 'tok', { scope, now: 200 })).toBe(answer);
    expect(takeEarlyResponse('/api/a/', 'tok', { scope, now: 200 })).toBeNull();
    expect(takeEarlyResponse('/api/b/?page=2', 'tok', { scope, now: 200 })).toBeNull();
    // Another token (the session was refreshed or changed): not this answer, and it is dropped.
    expect(takeEarlyResponse('/api/b/?page=1', 'other', { scope, now: 200 })).toBeNull();
    expect(takeEarlyResponse('/api/b/?page=1', 'tok', { scope, now: 200 })).toBeNull();
  });

  it('are not read once they are older than the first screen', () => {
    const scope = {};
    startEarlyRequests(['/api/a/', '/api/b/'], 'tok', { scope, fetcher: async () => new Response('{}'), now: 0 });
    expect(takeEarlyResponse('/api/a/', 'tok', { scope, now: LIMITS.earlyRequestMaxAgeMs })).not.toBeNull();
    expect(takeEarlyResponse('/api/b/', 'tok', { scope, now: LIMITS.earlyRequestMaxAgeMs + 1 })).toBeNull();
  });

  it('that fail are not reported as unhandled when nobody takes them', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    startEarlyRequests(['/api/a/'], 'tok', { scope: {}, fetcher: () => Promise.reject(new TypeError('offline')) });
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

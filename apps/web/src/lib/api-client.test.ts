import { MESSAGES } from '@farmaponte/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals } from '../../test/browser-globals';
import { ApiError, apiDownload, apiRequest, isExpired, refreshSession } from './api-client';
import { setCurrentPharmacy } from './choose-pharmacy';
import { startEarlyRequests } from './early-requests';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './storage';

/** An unsigned JWT whose only claim that matters to the client is `exp` (seconds). */
const token = (name: string, expiresInSeconds: number) => {
  const payload = Buffer.from(JSON.stringify({ sub: name, exp: Math.floor(Date.now() / 1000) + expiresInSeconds })).toString(
    'base64url',
  );
  return `h.${payload}.s`;
};

/**
 * The API's session rules, in memory: each refresh token works once and is rotated (a reused one is refused,
 * as the server does when it suspects theft); /api/me answers only the current access token.
 */
function fakeApi() {
  const state = { access: token('a0', 900), refresh: 'r0', generation: 0, refreshCalls: 0 };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    await new Promise((r) => setTimeout(r, 5)); // a real network answers later, so calls overlap
    if (path === '/api/token/refresh/') {
      state.refreshCalls += 1;
      const { refresh } = JSON.parse(String(init.body)) as { refresh: string };
      if (refresh !== state.refresh) return json(401, { message: MESSAGES.sessionExpired, code: 'token_not_valid' });
      state.generation += 1;
      state.access = token(`a${state.generation}`, 900);
      state.refresh = `r${state.generation}`;
      return json(200, { access: state.access, refresh: state.refresh });
    }
    const auth = new Headers(init.headers).get('authorization');
    if (auth !== `Bearer ${state.access}`) return json(401, { message: MESSAGES.notAuthenticated, code: 'not_authenticated' });
    return json(200, { ok: true, as: auth });
  });
  return { state, fetch };
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  installBrowserGlobals();
  api = fakeApi();
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isExpired', () => {
  it('treats a token as expired a little before its expiry, and an unreadable one as expired', () => {
    expect(isExpired(token('x', 600))).toBe(false);
    expect(isExpired(token('x', 10))).toBe(true);
    expect(isExpired('not-a-jwt')).toBe(true);
  });
});

describe('requests with an expired access token', () => {
  it('refresh once for many concurrent requests, store both rotated tokens, and all succeed', async () => {
    setTokens({ access: token('old', -60), refresh: api.state.refresh });
    const answers = await Promise.all([1, 2, 3, 4].map(() => apiRequest<{ ok: boolean }>('/api/me')));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(api.state.refreshCalls).toBe(1);
    expect(getAccessToken()).toBe(api.state.access);
    expect(getRefreshToken()).toBe('r1');
  });

  it('a second tab that waited for the lock uses the tokens the first tab stored instead of reusing the old refresh token', async () => {
    setTokens({ access: token('old', -60), refresh: api.state.refresh });
    // Two tabs: two module-level "refreshing" promises, one shared localStorage and lock manager.
    const otherTab = await vi.importActual<typeof import('./api-client')>('./api-client?tab=2');
    const [mine, theirs] = await Promise.all([refreshSession(), otherTab.refreshSession()]);
    expect(api.state.refreshCalls).toBe(1);
    expect(theirs).toBe(mine);
    expect(getRefreshToken()).toBe('r1');
  });

  it('end the session when the refresh token is refused: tokens cleared, a 401 ApiError', async () => {
    setTokens({ access: token('old', -60), refresh: 'stolen-and-rotated' });
    const error = await apiRequest('/api/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });
});

describe('a token the server no longer accepts', () => {
  it('is refreshed once and the request retried', async () => {
    setTokens({ access: token('revoked', 600), refresh: api.state.refresh });
    expect(await apiRequest<{ ok: boolean }>('/api/me')).toMatchObject({ ok: true });
    expect(api.state.refreshCalls).toBe(1);
  });
});

describe('failures', () => {
  it("carry the API's Italian message, code and fields", async () => {
    api.fetch.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ message: MESSAGES.emailTaken, code: 'email_taken', fields: { username: MESSAGES.emailTaken } }),
        {
          status: 409,
        },
      ),
    );
    const error = (await apiRequest('/api/user/register/', { method: 'POST', body: {}, auth: false }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect([error.status, error.message, error.code, error.fields]).toEqual([
      409,
      MESSAGES.emailTaken,
      'email_taken',
      { username: MESSAGES.emailTaken },
    ]);
  });

  it('without an answer (offline, server down) are status 0 with the load-failed message', async () => {
    api.fetch.mockRejectedValueOnce(new TypeError('fetch failed'));
    const error = (await apiRequest('/api/offers/', { auth: false }).catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.message]).toEqual([0, MESSAGES.loadFailed]);
  });

  it("with a proxy's HTML error page fall back to the generic Italian message", async () => {
    api.fetch.mockResolvedValueOnce(new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    const error = (await apiRequest('/api/offers/', { auth: false }).catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.message, error.code]).toEqual([502, MESSAGES.serverError, 'http_502']);
  });
});

describe('offline with an expired access token (decision 096)', () => {
  it("still asks with it, so the service worker can answer with that account's lists; online again, the usual refresh", async () => {
    const expired = token('a0', -60);
    setTokens({ access: expired, refresh: api.state.refresh });
    // Offline: the refresh gets no answer, and the service worker answers the list from its copy.
    api.fetch.mockRejectedValueOnce(new TypeError('offline'));
    api.fetch.mockResolvedValueOnce(new Response(JSON.stringify({ kept: true }), { status: 200 }));
    expect(await apiRequest('/api/candidature/mine/')).toEqual({ kept: true });
    expect(new Headers(api.fetch.mock.calls[1]?.[1]?.headers).get('authorization')).toBe(`Bearer ${expired}`);
    // The session is still there; with the line back, the next call refreshes first and goes with the new token.
    expect(getRefreshToken()).toBe('r0');
    expect(await apiRequest('/api/candidature/mine/')).toEqual({ ok: true, as: `Bearer ${api.state.access}` });
    expect(api.state.refreshCalls).toBe(1);
  });
});

describe('an answer the page asked for before the app loaded (decision 051)', () => {
  it('is read instead of a second request, once, and a request sent with another token asks again', async () => {
    setTokens({ access: api.state.access, refresh: api.state.refresh });
    const early = new Response(JSON.stringify({ early: true }), { status: 200 });
    startEarlyRequests(['/api/me'], api.state.access, { fetcher: async () => early });
    expect(await apiRequest('/api/me')).toEqual({ early: true });
    expect(api.fetch).not.toHaveBeenCalled();
    // Taken once: the next read asks the server.
    expect(await apiRequest('/api/me')).toEqual({ ok: true, as: `Bearer ${api.state.access}` });
    expect(api.fetch).toHaveBeenCalledTimes(1);
    // Started with a token that is no longer the session's (refreshed since): not used.
    startEarlyRequests(['/api/me'], 'an-older-token', { fetcher: async () => early });
    expect(await apiRequest('/api/me')).toEqual({ ok: true, as: `Bearer ${api.state.access}` });
  });

  it('that never came (the network dropped) is asked again, and a refused one follows the usual refresh', async () => {
    setTokens({ access: api.state.access, refresh: api.state.refresh });
    startEarlyRequests(['/api/me'], api.state.access, { fetcher: async () => Promise.reject(new TypeError('offline')) });
    expect(await apiRequest('/api/me')).toEqual({ ok: true, as: `Bearer ${api.state.access}` });
    const refused = new Response(JSON.stringify({ code: 'not_authenticated' }), { status: 401 });
    startEarlyRequests(['/api/me'], api.state.access, { fetcher: async () => refused });
    expect(await apiRequest('/api/me')).toEqual({ ok: true, as: `Bearer ${api.state.access}` });
    expect(api.state.refreshCalls).toBe(1);
  });
});

describe('the pharmacy an owner-side person acts for (X-Farmacia)', () => {
  /** The X-Farmacia each call carried, in order ('' for none). */
  const sent = () => api.fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get('x-farmacia') ?? '');

  it('is not sent while none is chosen, then goes with every call of the session, and never without one', async () => {
    setTokens({ access: api.state.access, refresh: api.state.refresh });
    await apiRequest('/api/offers/mine/');
    setCurrentPharmacy(12);
    await apiRequest('/api/offers/mine/');
    await apiRequest('/api/offers/create/', { method: 'POST', body: {} });
    await apiDownload('/api/shifts/csv/', 'turni.csv');
    // Without a session (the fake server refuses it, which does not matter here).
    await apiRequest('/api/pharmacies/lookup/?q=roma', { auth: false }).catch(() => undefined);
    expect(sent()).toEqual(['', '12', '12', '12', '']);
  });

  it('is the one a call names itself, or none for the calls that are the same for every pharmacy', async () => {
    setTokens({ access: api.state.access, refresh: api.state.refresh });
    setCurrentPharmacy(12);
    await apiRequest('/api/user/verification-document/', { method: 'PUT', body: new Blob(['%PDF']), pharmacy: 40 });
    await apiRequest('/api/organisation/', { pharmacy: null });
    expect(sent()).toEqual(['40', '']);
  });

  it("for the whole group: 'tutte' to the group's lists and to writes, none to other reads", async () => {
    setTokens({ access: api.state.access, refresh: api.state.refresh });
    setCurrentPharmacy('tutte');
    await apiRequest('/api/offers/mine/');
    await apiRequest('/api/titolare/candidatures/?page=2');
    await apiRequest('/api/notifications/');
    await apiRequest('/api/offers/create/', { method: 'POST', body: {} });
    expect(sent()).toEqual(['tutte', 'tutte', '', 'tutte']);
  });

  it("keeps the page's early answer, sent without it, from standing for another pharmacy's", async () => {
    setTokens({ access: api.state.access, refresh: api.state.refresh });
    setCurrentPharmacy(12);
    startEarlyRequests(['/api/me'], api.state.access, { fetcher: async () => new Response('{"early":true}') });
    expect(await apiRequest('/api/me')).toEqual({ ok: true, as: `Bearer ${api.state.access}` });
    expect(sent()).toEqual(['12']);
  });

  it('is forgotten at logout with the tokens', async () => {
    setTokens({ access: api.state.access, refresh: api.state.refresh });
    setCurrentPharmacy(12);
    clearTokens();
    setTokens({ access: api.state.access, refresh: api.state.refresh });
    await apiRequest('/api/offers/mine/');
    expect(sent()).toEqual(['']);
  });
});

describe('apiDownload (the data export)', () => {
  it('sends the bearer token, refreshed first, and answers the body with the name of Content-Disposition', async () => {
    setTokens({ access: token('old', -60), refresh: api.state.refresh });
    // The first call is the refresh, the second the download.
    api.fetch.mockImplementationOnce(async (path: string) => {
      expect(path).toBe('/api/token/refresh/');
      api.state.access = token('a1', 900);
      api.state.refresh = 'r1';
      return new Response(JSON.stringify({ access: api.state.access, refresh: 'r1' }), { status: 200 });
    });
    api.fetch.mockImplementationOnce(async (_path: string, init: RequestInit = {}) => {
      expect(new Headers(init.headers).get('authorization')).toBe(`Bearer ${api.state.access}`);
      return new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="farmaponte-dati-2030-03-10.zip"',
        },
      });
    });
    const { blob, fileName } = await apiDownload('/api/user/export/', 'fallback.zip');
    expect(fileName).toBe('farmaponte-dati-2030-03-10.zip');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
  });

  it("throws the API's Italian message of a refusal (the 429 that says when to try again)", async () => {
    setTokens({ access: api.state.access, refresh: api.state.refresh });
    const message = MESSAGES.dataExportLimit(MESSAGES.waitFor(5 * 3600));
    api.fetch.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ message, code: 'data_export_quota' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '18000' },
        }),
    );
    const failure = await apiDownload('/api/user/export/', 'fallback.zip').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 429, code: 'data_export_quota', message });
    expect(message).toContain('riprova tra 5 ore');
  });
});

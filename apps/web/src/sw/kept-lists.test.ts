import { describe, expect, it } from 'vitest';
import { PATHS } from '../lib/paths';
import { keptList, OFFLINE_APP_PAGES, tokenOwner } from './kept-lists';

/** A JWT-shaped token with this payload (the signature is not read). */
const token = (payload: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2lnbmF0dXJl`;
const headers = (entries: Record<string, string>) => new Headers(entries);
const url = (path: string) => new URL(path, 'https://farmaponte.example');

describe('the lists the service worker keeps', () => {
  it("keeps the logged-in user's lists, under her account", () => {
    const auth = headers({ authorization: `Bearer ${token({ sub: '42', typ: 'access' })}` });
    expect(keptList(url('/api/offers/?page=1&page_size=20&comune=Roma'), auth)).toEqual({
      owner: '42',
      key: 'https://farmaponte.example/api/offers/?page=1&page_size=20&comune=Roma',
    });
    for (const path of [
      '/api/candidature/mine/',
      '/api/notifications/?page=1&page_size=20',
      '/api/shifts/mine/?year=2026&month=11',
      '/api/user/details/',
    ])
      expect(keptList(url(path), auth)?.owner, path).toBe('42');
  });

  it("keeps an owner's list apart for each pharmacy she acts for", () => {
    const acting = (pharmacy: string) =>
      keptList(url('/api/offers/mine/'), headers({ authorization: `Bearer ${token({ sub: 7 })}`, 'x-farmacia': pharmacy }));
    expect(acting('3')?.key).not.toBe(acting('4')?.key);
    expect(acting('3')?.owner).toBe('7');
  });

  it('keeps nothing without a session, nor files, writes of other kinds, the event stream or other answers', () => {
    expect(keptList(url('/api/offers/'), headers({}))).toBeNull();
    expect(keptList(url('/api/offers/'), headers({ authorization: 'Bearer not-a-token' }))).toBeNull();
    const auth = headers({ authorization: `Bearer ${token({ sub: '42' })}` });
    for (const path of ['/api/shifts/csv/', '/api/user/export/', '/api/events/', '/api/offers/12/', '/api/token/refresh/'])
      expect(keptList(url(path), auth), path).toBeNull();
  });

  it("reads the token's account and nothing that is not one", () => {
    expect(tokenOwner(`Bearer ${token({ sub: 'u1' })}`)).toBe('u1');
    expect(tokenOwner(`Bearer ${token({ sub: '../x' })}`)).toBeNull();
    expect(tokenOwner(`Bearer ${token({ role: 'titolare' })}`)).toBeNull();
    expect(tokenOwner(null)).toBeNull();
  });

  it("gives the app offline for the app's own pages", () => {
    const routes = new Set<string>(Object.values(PATHS));
    for (const page of OFFLINE_APP_PAGES) expect(routes.has(page), page).toBe(true);
  });
});

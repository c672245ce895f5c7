import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-to';

describe('safeReturnPath: only a path on this site is followed after login', () => {
  it.each([
    ['/mie_offerte', '/mie_offerte'],
    ['/utenti?page=2&role=titolare', '/utenti?page=2&role=titolare'],
    ['/profile#elimina', '/profile#elimina'],
    ['/farmacie/', '/farmacie/'],
  ])('keeps %s', (next, expected) => {
    expect(safeReturnPath(next)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'mie_offerte',
    '//evil.com',
    '//evil.com/mie_offerte',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'https://evil.com',
    'https://evil.com/mie_offerte',
    'http:evil.com',
    'javascript:alert(1)',
    ' /mie_offerte',
    '%2F%2Fevil.com',
  ])('ignores %j', (next) => {
    expect(safeReturnPath(next)).toBeNull();
  });

  it('does not return to pages that are pointless after login, or that would log out again', () => {
    for (const next of ['/login', '/login_email', '/logout', '/register', '/welcome', '/forgot-password', '/reset-password/abc'])
      expect(safeReturnPath(next)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('carries the page in a readable ?next=', () => {
    expect(loginPathFor({ pathname: '/mie_offerte' })).toBe('/login?next=/mie_offerte');
    expect(loginPathFor({ pathname: '/utenti', search: '?page=2&role=titolare' })).toBe(
      '/login?next=/utenti%3Fpage%3D2%26role%3Dtitolare',
    );
    expect(safeReturnPath(new URLSearchParams('next=/utenti%3Fpage%3D2%26role%3Dtitolare').get('next'))).toBe(
      '/utenti?page=2&role=titolare',
    );
  });

  it('says nothing for the home page', () => {
    expect(loginPathFor({ pathname: '/' })).toBe('/login');
  });
});

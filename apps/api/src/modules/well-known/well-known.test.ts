import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/helpers';
import { loadConfig } from '../../config';

let t: TTestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

/** GET /.well-known/security.txt, and its fields as RFC 9116 reads them: `Name: value` lines, `#` lines ignored. */
async function securityTxt(env: Record<string, string> = {}, now?: Date) {
  t = await buildTestApp(env);
  if (now) t.clock.now = now;
  const response = await t.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
  const fields = new Map<string, string[]>();
  for (const line of response.body.split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([A-Za-z-]+): (.+)$/.exec(line);
    expect(match, `a field line: ${line}`).not.toBeNull();
    const [, name = '', value = ''] = match ?? [];
    fields.set(name.toLowerCase(), [...(fields.get(name.toLowerCase()) ?? []), value]);
  }
  return { response, fields };
}

describe('/.well-known/security.txt', () => {
  it('names the contact, an expiry less than a year ahead, the languages and its canonical address, as plain text', async () => {
    const { response, fields } = await securityTxt({}, new Date('2026-11-25T17:30:00Z'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(Object.fromEntries(fields)).toEqual({
      // Unset SECURITY_CONTACT: the address the site's footer shows.
      contact: ['mailto:info@farmaponte.it'],
      expires: ['2027-11-24T00:00:00Z'],
      'preferred-languages': ['it, en'],
      canonical: ['http://farmaponte.test/.well-known/security.txt'],
    });
  });

  it('moves its expiry with the days, so it never lapses while the server runs', async () => {
    const { fields } = await securityTxt({}, new Date('2030-02-01T23:59:00Z'));
    const expires = new Date(fields.get('expires')?.[0] ?? '');
    expect(expires.toISOString()).toBe('2031-01-31T00:00:00.000Z');
    expect(expires.getTime() - new Date('2030-02-01T23:59:00Z').getTime()).toBeLessThan(365 * 86_400_000);
  });

  it('takes its Contact from SECURITY_CONTACT: an e-mail address as mailto:, an https address as it is', async () => {
    expect((await securityTxt({ SECURITY_CONTACT: 'security@example.it' })).fields.get('contact')).toEqual([
      'mailto:security@example.it',
    ]);
    await t?.app.close();
    expect((await securityTxt({ SECURITY_CONTACT: 'https://example.it/sicurezza' })).fields.get('contact')).toEqual([
      'https://example.it/sicurezza',
    ]);
  });

  it('answers HEAD, and carries the page headers like any other answer', async () => {
    const { response } = await securityTxt();
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const head = await t?.app.inject({ method: 'HEAD', url: '/.well-known/security.txt' });
    expect(head?.statusCode).toBe(200);
    expect(head?.body).toBe('');
  });
});

describe('SECURITY_CONTACT', () => {
  it.each(['http://example.it/security', 'security', 'mailto:nobody', 'ftp://example.it'])(
    'refuses %s at start, naming the variable',
    (SECURITY_CONTACT) => {
      expect(() => loadConfig({ SECURITY_CONTACT })).toThrow(/SECURITY_CONTACT: expected an e-mail address/);
    },
  );

  it('takes mailto: as it is written', () => {
    expect(loadConfig({ SECURITY_CONTACT: 'mailto:sicurezza@farmacia.it' }).SECURITY_CONTACT).toBe(
      'mailto:sicurezza@farmacia.it',
    );
    expect(loadConfig({ SECURITY_CONTACT: '' }).SECURITY_CONTACT).toBe('mailto:info@farmaponte.it');
  });
});

/**
 * The outbound fetcher (decision 096): what it refuses and why, against real local servers. A test lets a local server
 * through only by naming it in `allow`, as OUTBOUND_FETCH_ALLOW does for the e2e journey.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hugeBody,
  redirectTo,
  serveText,
  silence,
  startCalendarServer,
  status,
  type TCalendarServer,
} from '../../test/calendar-server';
import { isPrivateAddress, outboundFetch } from './outbound-fetch';

let server: TCalendarServer;
beforeAll(async () => {
  server = await startCalendarServer();
});
afterAll(() => server.close());

/** A made-up public name that the fake resolver points at the local server, allowed by name like a test host. */
const PUBLIC_NAME = 'calendario.example.com';
const fakeDns = (answers: Record<string, string[]>) => async (host: string) =>
  (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('which addresses count as private', () => {
  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    'not an address',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2a00:1450:4002:402::200e', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('outboundFetch', () => {
  it('fetches an allowed local server, connecting to the address it resolved (the name itself resolves nowhere)', async () => {
    server.route('/ok.ics', serveText('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'));
    const outcome = await outboundFetch(`http://${PUBLIC_NAME}:${server.port}/ok.ics`, {
      allow: [`${PUBLIC_NAME}:${server.port}`],
      resolve: fakeDns({ [PUBLIC_NAME]: ['127.0.0.1'] }),
    });
    expect(outcome).toEqual({
      ok: true,
      status: 200,
      contentType: 'text/calendar; charset=utf-8',
      body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    });
  });

  it('refuses loopback, private and metadata addresses without connecting, whether written or resolved', async () => {
    server.route('/secret', serveText('secret'));
    const before = server.hits('/secret');
    for (const url of [
      `${server.origin}/secret`,
      `http://localhost:${server.port}/secret`,
      `http://[::1]:${server.port}/secret`,
      `http://[::ffff:127.0.0.1]:${server.port}/secret`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://0.0.0.0/',
    ])
      expect(await outboundFetch(url), url).toEqual({ ok: false, reason: 'private_address' });
    // A public-looking name whose DNS points inside, and one with a public and a private answer (rebinding's trick).
    const resolve = fakeDns({ 'intranet.example.com': ['192.168.0.10'], 'mixed.example.com': ['93.184.216.34', '127.0.0.1'] });
    expect(await outboundFetch('http://intranet.example.com/cal.ics', { resolve })).toEqual({
      ok: false,
      reason: 'private_address',
    });
    expect(await outboundFetch('http://mixed.example.com/cal.ics', { resolve })).toEqual({
      ok: false,
      reason: 'private_address',
    });
    expect(server.hits('/secret')).toBe(before);
  });

  it('checks each redirect: an allowed host redirecting to a private address is refused, its target never reached', async () => {
    server.route('/inside', serveText('secret'));
    server.route('/to-inside', redirectTo(`${server.origin}/inside`));
    server.route('/to-metadata', redirectTo('http://169.254.169.254/latest/meta-data/'));
    const options = { allow: [`${PUBLIC_NAME}:${server.port}`], resolve: fakeDns({ [PUBLIC_NAME]: ['127.0.0.1'] }) };
    const base = `http://${PUBLIC_NAME}:${server.port}`;
    expect(await outboundFetch(`${base}/to-inside`, options)).toEqual({ ok: false, reason: 'private_address' });
    expect(await outboundFetch(`${base}/to-metadata`, options)).toEqual({ ok: false, reason: 'private_address' });
    expect(server.hits('/inside')).toBe(0);
  });

  it('follows up to three redirects, not a fourth', async () => {
    server.route('/r0', serveText('arrived'));
    server.route('/r1', redirectTo('/r0', 301));
    server.route('/r2', redirectTo('/r1', 307));
    server.route('/r3', redirectTo('/r2', 308));
    server.route('/r4', redirectTo('/r3'));
    const options = { allow: ['127.0.0.1'] };
    expect(await outboundFetch(`${server.origin}/r3`, options)).toMatchObject({ ok: true, body: 'arrived' });
    // The fourth redirect (r1's 301) is not followed.
    expect(await outboundFetch(`${server.origin}/r4`, options)).toEqual({ ok: false, reason: 'bad_status', status: 301 });
    expect(server.hits('/r0')).toBe(1);
  });

  it('stops reading past the size cap, announced or not', async () => {
    server.route('/huge', hugeBody(3 * 1024 * 1024));
    server.route('/announced', (response) => {
      response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      response.write('BEGIN:VCALENDAR');
    });
    const options = { allow: ['127.0.0.1'] };
    expect(await outboundFetch(`${server.origin}/huge`, options)).toEqual({ ok: false, reason: 'too_large' });
    expect(await outboundFetch(`${server.origin}/announced`, options)).toEqual({ ok: false, reason: 'too_large' });
    expect(await outboundFetch(`${server.origin}/huge`, { ...options, maxBytes: 10 * 1024 * 1024 })).toMatchObject({ ok: true });
  });

  it('gives up after the time-out, on a host that never answers and on a slow resolver', async () => {
    server.route('/silent', silence);
    const started = Date.now();
    expect(await outboundFetch(`${server.origin}/silent`, { allow: ['127.0.0.1'], timeoutMs: 300 })).toEqual({
      ok: false,
      reason: 'timeout',
    });
    const never = () => new Promise<{ address: string; family: number }[]>(() => {});
    expect(await outboundFetch('http://slow.example.com/', { resolve: never, timeoutMs: 300 })).toEqual({
      ok: false,
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('says unreachable for a host without an address or a closed port, bad_status for an error answer', async () => {
    expect(await outboundFetch('http://nowhere.example.com/', { resolve: fakeDns({}) })).toEqual({
      ok: false,
      reason: 'unreachable',
    });
    const closed = await startCalendarServer();
    const origin = closed.origin;
    await closed.close();
    expect(await outboundFetch(`${origin}/cal.ics`, { allow: ['127.0.0.1'] })).toEqual({ ok: false, reason: 'unreachable' });
    server.route('/gone', status(404));
    expect(await outboundFetch(`${server.origin}/gone`, { allow: ['127.0.0.1'] })).toEqual({
      ok: false,
      reason: 'bad_status',
      status: 404,
    });
  });

  it('takes only http and https addresses without credentials', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'gopher://x', 'http://user:pw@example.com/', 'nonsense'])
      expect(await outboundFetch(url), url).toEqual({ ok: false, reason: 'invalid_url' });
    server.route('/to-file', redirectTo('file:///etc/passwd'));
    expect(await outboundFetch(`${server.origin}/to-file`, { allow: ['127.0.0.1'] })).toMatchObject({
      ok: false,
      reason: 'invalid_url',
    });
  });
});

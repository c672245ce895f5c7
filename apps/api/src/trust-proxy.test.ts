/**
 * TRUST_PROXY (decision 019): behind trusted proxies the client's address is the one the nearest trusted proxy
 * saw, never what the client wrote in its own X-Forwarded-For, so a client cannot dodge the per-address limits.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../test/helpers';
import { loadConfig } from './config';
import { createPharmacist } from './factories';

const PROXY = '10.0.0.2';
let t: TTestApp;
afterEach(async () => {
  await t?.app.close();
});

/** Logs in `times` times through the proxy, the client forging a new left-most X-Forwarded-For each time. */
async function loginsThroughProxy(client: string, times: number) {
  const user = await createPharmacist(t.app.db);
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: user.email, password: user.password },
      remoteAddress: PROXY,
      // The client wrote the first address; the proxy appended the address it really came from.
      headers: { 'x-forwarded-for': `192.0.2.${i + 1}, ${client}` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe.each([
  ['a hop count', '1'],
  ['true (one hop, never "trust everything")', 'true'],
  ['a list of proxy addresses', '10.0.0.0/8, 127.0.0.1'],
])('TRUST_PROXY as %s', (_name, TRUST_PROXY) => {
  it('still limits a client that sends its own X-Forwarded-For through the trusted proxy', async () => {
    t = await buildTestApp({ TRUST_PROXY, AUTH_MAX_PER_IP: '3' });
    expect(await loginsThroughProxy('203.0.113.9', 4)).toEqual([200, 200, 200, 429]);
    // Another client behind the same proxy has its own budget.
    expect(await loginsThroughProxy('203.0.113.10', 1)).toEqual([200]);
  });
});

describe('TRUST_PROXY', () => {
  it('unset: the proxy is the client, whatever X-Forwarded-For says', async () => {
    t = await buildTestApp({ AUTH_MAX_PER_IP: '3' });
    expect(await loginsThroughProxy('203.0.113.9', 2)).toEqual([200, 200]);
    expect(await loginsThroughProxy('203.0.113.10', 2)).toEqual([200, 429]);
  });

  it('a list trusts only its proxies: a client reaching the server directly is limited by its own address', async () => {
    t = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8', AUTH_MAX_PER_IP: '3' });
    const user = await createPharmacist(t.app.db);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { username: user.email, password: user.password },
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('reads hop counts and address lists, and refuses anything else at start with what it expects', () => {
    const parse = (TRUST_PROXY: string) => loadConfig({ TRUST_PROXY }).TRUST_PROXY;
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse('true')).toBe(1);
    expect(parse('10.0.0.0/8, 192.168.1.1,::1,loopback, 172.16.0.0/255.240.0.0')).toBe(
      '10.0.0.0/8,192.168.1.1,::1,loopback,172.16.0.0/255.240.0.0',
    );
    for (const wrong of ['everything', '10.0.0.0/33', '10.0.0.1, proxy.local', '-1', '1.5'])
      expect(() => parse(wrong), wrong).toThrow(/TRUST_PROXY: expected a number of proxy hops/);
  });
});

import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../test/helpers';
import { enqueueMail } from '../modules/mail';

const t = useTestApp({ AUTH_MAX_PER_IP: '2' });

/** The value of one series of the Prometheus text, or undefined when the series is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((label) => line.includes(label))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('the metrics', () => {
  it('count requests by route pattern and status with their latency, and the 429s', async () => {
    const owner = await signedIn(t.app, 'titolare');
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers });
    await t.app.inject({ method: 'GET', url: '/api/offers/mine/' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    // Two logins per address per window (AUTH_MAX_PER_IP=2), and signedIn used one: the third is refused.
    const logins = [];
    for (let i = 0; i < 3; i++)
      logins.push(
        await t.app.inject({ method: 'POST', url: '/api/token/', payload: { username: owner.user.email, password: 'x' } }),
      );
    expect(logins.at(-1)?.statusCode).toBe(429);

    const text = await t.app.metrics.registry.metrics();
    const mine = { route: '/api/offers/mine/', method: 'GET' };
    expect(sample(text, 'http_request_duration_seconds_count', { ...mine, status_code: '200' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', { ...mine, status_code: '401' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...mine, status_code: '200', le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', { ...mine, status_code: '200' })).toBeGreaterThan(0);
    // An unknown path is counted under one name, never under the path a client made up.
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain('no-such-thing');
    expect(sample(text, 'rate_limit_refusals_total', { route: '/api/token/' })).toBeGreaterThanOrEqual(1);
  });

  it('show the database connections and the mail outbox waiting, with its oldest mail', async () => {
    const empty = await t.app.metrics.registry.metrics();
    expect(sample(empty, 'mail_outbox_pending')).toBe(0);
    expect(sample(empty, 'mail_outbox_oldest_pending_seconds')).toBe(0);
    expect(sample(empty, 'db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(empty, 'db_pool_total_connections')).toBeGreaterThanOrEqual(1);

    const mail = { userId: null, to: 'a@example.it', subject: 'Prova', text: 'Prova', html: '<p>Prova</p>' };
    await enqueueMail(t.database.db, mail, t.clock.now);
    t.clock.advance(90_000);
    await enqueueMail(t.database.db, mail, t.clock.now);
    t.clock.advance(10_000);
    const text = await t.app.metrics.registry.metrics();
    expect(sample(text, 'mail_outbox_pending')).toBe(2);
    expect(sample(text, 'mail_outbox_oldest_pending_seconds')).toBeCloseTo(100, 0);
  });

  it('count the background jobs by outcome', async () => {
    t.app.metrics.jobRun('mail-outbox', true, 0.02);
    t.app.metrics.jobRun('mail-outbox', false, 0.5);
    t.app.metrics.jobRun('mail-outbox', true, 0.01);
    const text = await t.app.metrics.registry.metrics();
    expect(sample(text, 'job_runs_total', { job: 'mail-outbox', outcome: 'ok' })).toBe(2);
    expect(sample(text, 'job_runs_total', { job: 'mail-outbox', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'job_run_duration_seconds_count', { job: 'mail-outbox' })).toBe(3);
  });
});

/** CV uploads per pharmacist per hour (decision 020): each one is decoded and parsed, so a loop of them is refused. */
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, useTestApp } from '../../../test/helpers';
import { makeCvPdf } from '../../factories';

const t = useTestApp();
const upload = (headers: Record<string, string>, pdf_file: string) =>
  t.app.inject({ method: 'PUT', url: '/api/user/details/', headers, payload: { pdf_file } });

describe('CV uploads per hour', () => {
  it(`stores ${LIMITS.cvUploadsPerHour} uploads in an hour, then answers 429 with Retry-After until the hour has passed`, async () => {
    const pharmacist = await signedIn(t.app, 'farmacista');
    const pdf = (await makeCvPdf()).toString('base64');
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.cvUploadsPerHour; i++) statuses.push((await upload(pharmacist.headers, pdf)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);

    t.clock.advance(10 * 60 * 1000);
    const refused = await upload(pharmacist.headers, pdf);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: MESSAGES.cvUploadsLimit, code: 'cv_upload_quota' });
    expect(Number(refused.headers['retry-after'])).toBe(50 * 60);
    // Another pharmacist has a quota of their own.
    const colleague = await signedIn(t.app, 'farmacista');
    expect((await upload(colleague.headers, pdf)).statusCode).toBe(200);

    t.clock.advance(50 * 60 * 1000);
    // An hour later (with a new access token: the first one has expired) the upload works again.
    const { access } = await login(t.app, pharmacist.user.email, pharmacist.user.password);
    expect((await upload(bearer(access), pdf)).statusCode).toBe(200);
  });
});

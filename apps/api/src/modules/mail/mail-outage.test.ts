/** SMTP away: a request that must send a mail answers 503 with an Italian message, never a 500, and the server goes on. */
import { OUTAGE_MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { createPharmacist } from '../../factories';

// Port 1 on loopback: nothing listens, the connection is refused at once.
const t = useTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });

describe('the SMTP server is down', () => {
  it('a password-reset request answers 503 mail_unavailable, and the next request is served as usual', async () => {
    const user = await createPharmacist(t.database.db);
    const response = await t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email: user.email } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'mail_unavailable', message: OUTAGE_MESSAGES.mailUnavailable });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

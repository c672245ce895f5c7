/** SMTP away: a request that sends a mail still answers (the mail waits in the outbox), never a 500, and the server goes on. */
import { MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { createPharmacist } from '../../factories';
import { countPendingMails } from '.';

// Port 1 on loopback: nothing listens, the connection is refused at once.
const t = useTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });

describe('the SMTP server is down', () => {
  it('a password-reset request answers as usual (its mail waits in the outbox, decision 054), and so does the next', async () => {
    const user = await createPharmacist(t.database.db);
    const response = await t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email: user.email } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.forgotSent });
    expect(Number(await countPendingMails(t.app.db))).toBe(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

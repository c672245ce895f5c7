/**
 * Two saves of one professional file at once (decision 093): each locks the pharmacist's row first, so they take
 * turns; both answer 200 and the file holds one of the two whole, never a mix and never a 500. Meant for PostgreSQL,
 * where the requests truly overlap; PGlite runs them one after the other.
 */
import { addDays, todayInItaly } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { notifications } from '../../db/schema';
import { remindExpiringInsurance } from './insurance-reminder';

const t = useTestApp();

describe('the professional file under two requests at once', () => {
  it('two saves at once: both 200, the file is one of them whole', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const first = {
      partita_iva: '01234567897',
      insurance_company: 'Prima Assicurazioni',
      ecm_credits: 10,
      tax_regime: 'forfettario',
    };
    const second = {
      partita_iva: '12345678903',
      insurance_company: 'Seconda Assicurazioni',
      ecm_credits: 20,
      tax_regime: 'ordinario',
    };
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        [first, second].map((payload) =>
          t.app.inject({ method: 'PUT', url: '/api/me/professional-file/', headers: giulia.headers, payload }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const file = (await t.app.inject({ method: 'GET', url: '/api/me/professional-file/', headers: giulia.headers })).json();
      const seen = {
        partita_iva: file.partita_iva,
        insurance_company: file.insurance.company,
        ecm_credits: file.ecm.credits,
        tax_regime: file.tax_regime,
      };
      expect([first, second]).toContainEqual(seen);
    }
  });

  it('the first save of a file twice at once (no row yet): both 200, one row', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const answers = await Promise.all(
      [1, 2].map((credits) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/me/professional-file/',
          headers: giulia.headers,
          payload: { ecm_credits: credits },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const file = (await t.app.inject({ method: 'GET', url: '/api/me/professional-file/', headers: giulia.headers })).json();
    expect([1, 2]).toContain(file.ecm.credits);
  });

  it('a renewal saved while the reminder runs: 200, no error, and the new expiry is told of once', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const today = todayInItaly(t.clock.now);
    const save = (day: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/me/professional-file/',
        headers: giulia.headers,
        payload: { insurance_company: 'Assicurazioni Esempio', insurance_expires_on: day },
      });
    await save(addDays(today, 3));
    const [renewal, reminded] = await Promise.all([
      save(addDays(today, 20)),
      remindExpiringInsurance(t.app.db, t.app.events, t.clock.now),
    ]);
    expect(renewal.statusCode).toBe(200);
    expect(reminded).toBe(1);
    // Whichever came first, the expiry now stored is told of exactly once.
    await remindExpiringInsurance(t.app.db, t.app.events, t.clock.now);
    expect(await remindExpiringInsurance(t.app.db, t.app.events, t.clock.now)).toBe(0);
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, giulia.user.id));
    expect(told.filter((n) => n.body.includes(addDays(today, 20).split('-').reverse().join('/')))).toHaveLength(1);
  });
});

import { APPLICATION_STATUSES, OFFER_STATUSES, type TMyOffer, type TReceivedApplication } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { bearer, login, useTestApp } from '../../../test/helpers';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './seed';

const t = useTestApp();

describe('the demo data of the README', () => {
  it('fills an empty database once, with accounts that work as the README says', async () => {
    expect(await seedDemoIfEmpty(t.database.db)).toBe(true);
    expect(await seedDemoIfEmpty(t.database.db)).toBe(false);
    const as = async (email: string) => bearer((await login(t.app, email, DEMO_ACCOUNTS.password)).access);

    const owner = await as(DEMO_ACCOUNTS.titolareMilano);
    const received = (await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner })).json();
    expect(received).toMatchObject([
      { farmacista: { name: 'Giulia', surname: 'Bianchi' }, offer: { title: 'Turno domenicale' } },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner })).json()).toHaveLength(2);

    const giulia = await as(DEMO_ACCOUNTS.farmacistaConCv);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: giulia })).json().profile.pdf_file).toMatch(
      /\/api\/cv\//,
    );
    const luca = await as(DEMO_ACCOUNTS.farmacista);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: luca })).json().profile.pdf_file).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/', headers: luca })).json()).toHaveLength(3);

    const admin = await as(DEMO_ACCOUNTS.admin);
    const overview = (await t.app.inject({ method: 'GET', url: '/api/admin/overview/', headers: admin })).json();
    expect(overview).toMatchObject({ users_by_role: { farmacista: 5, titolare: 2, admin: 1 }, pharmacies: 400 });

    // The Rome owner's hiring loop shows every status of an offer and of an application.
    const roma = await as(DEMO_ACCOUNTS.titolareRoma);
    const romaOffers = (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: roma })).json() as TMyOffer[];
    expect(new Set(romaOffers.map((o) => o.status))).toEqual(new Set(OFFER_STATUSES));
    expect(romaOffers.find((o) => o.title === 'Farmacista collaboratore part-time')).toMatchObject({
      status: 'open',
      positions: 2,
      accepted_count: 1,
    });
    const romaReceived = (await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: roma })).json() as {
      status: string;
    }[];
    const statuses = new Set([...romaReceived.map((a) => a.status), received[0].status]);
    expect(statuses).toEqual(new Set(APPLICATION_STATUSES));
    // One application still waits on the expired offer: it can be answered, not accepted.
    const waiting = (romaReceived as unknown as TReceivedApplication[]).filter(
      (a) => a.offer.status === 'expired' && a.status === 'sent',
    );
    expect(waiting.map((a) => [a.farmacista.name, a.offer.title])).toEqual([['Paolo', 'Turno di Ferragosto']]);
  });
});

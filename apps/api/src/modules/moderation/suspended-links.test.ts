/**
 * What a suspended account owns that answers without a login stops answering (decision 083): the pharmacist's
 * calendar feed (her shifts with the owners' names and e-mails) and the signed CV links given to her or about her, or
 * given to a suspended owner. A reinstatement brings them back; an admin's link still opens the CV for the desk.
 */
import { daysFromNow } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { createApplication, createOffer, giveCv, setApplicationStatus } from '../../factories';

const t = useTestApp();

const suspend = (admin: TSignedIn, id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${id}/suspend/`,
    headers: admin.headers,
    payload: { reason: 'Profilo falso' },
  });
const reinstate = (admin: TSignedIn, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/reinstate/`, headers: admin.headers });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** An owner who accepted the pharmacist for a shift next week, the pharmacist's feed, and the CV links each side has. */
async function bookedShift() {
  const admin = await signedIn(t.app, 'admin');
  const owner = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia del Borgo' } });
  const pharmacist = await signedIn(t.app, 'farmacista');
  await giveCv(t.database.db, pharmacist.user.id, 'Anna Neri');
  const day = daysFromNow(7);
  const offer = await createOffer(t.database.db, owner.user.id, { title: 'Turno serale', dateFrom: day, dateTo: day });
  const application = await createApplication(t.database.db, offer.id, pharmacist.user.id);
  await setApplicationStatus(t.database.db, { id: application.id, offerId: offer.id }, 'accepted');
  const feed = await t.app.inject({ method: 'POST', url: '/api/calendar/feed/', headers: pharmacist.headers });
  expect(feed.statusCode).toBe(201);
  const links = async () => {
    const received = await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner.headers });
    const own = await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: pharmacist.headers });
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/users/${pharmacist.user.id}/details/`,
      headers: admin.headers,
    });
    return {
      owner: pathOf(received.json()[0].farmacista.pdf_file as string),
      own: pathOf(own.json().profile.pdf_file as string),
      admin: pathOf(asAdmin.json().profile.pdf_file as string),
    };
  };
  return { admin, owner, pharmacist, feed: pathOf(feed.json().https_url as string), links };
}

describe('a suspended account', () => {
  it("a suspended pharmacist's feed and CV links stop answering; reinstated, they answer again", async () => {
    const { admin, pharmacist, feed, links } = await bookedShift();
    const before = await get(feed);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Farmacia del Borgo');
    const cv = await links();
    for (const link of [cv.owner, cv.own, cv.admin]) expect((await get(link)).statusCode, link).toBe(200);

    expect((await suspend(admin, pharmacist.user.id)).statusCode).toBe(200);
    const after = await get(feed);
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('Farmacia del Borgo');
    expect((await get(cv.owner)).statusCode).toBe(403);
    expect((await get(cv.own)).statusCode).toBe(403);
    // The desk may still read what it moderates.
    expect((await get(cv.admin)).statusCode).toBe(200);

    expect((await reinstate(admin, pharmacist.user.id)).statusCode).toBe(200);
    expect((await get(feed)).statusCode).toBe(200);
    expect((await get(cv.owner)).statusCode).toBe(200);
  });

  it("a suspended owner's CV links stop answering", async () => {
    const { admin, owner, links } = await bookedShift();
    const { owner: link } = await links();
    expect((await get(link)).statusCode).toBe(200);
    expect((await suspend(admin, owner.user.id)).statusCode).toBe(200);
    const refused = await get(link);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('cv_link_invalid');
  });
});

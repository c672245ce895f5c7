import { daysFromNow, MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { createOffer, giveCv } from '../../factories';

const t = useTestApp();

async function scenario() {
  const owner = await signedIn(t.app, 'titolare', { profile: { comune_farmacia: 'Torino' } });
  const otherOwner = await signedIn(t.app, 'titolare');
  const offer = await createOffer(t.database.db, owner.user.id, { title: 'Turno sabato', description: 'Sabato mattina' });
  const pharmacist = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Neri', comune: 'Milano' } });
  await giveCv(t.database.db, pharmacist.user.id, 'Anna Neri');
  return {
    owner: owner.user,
    otherOwner: otherOwner.user,
    offer,
    pharmacist: pharmacist.user,
    ownerHeaders: owner.headers,
    otherOwnerHeaders: otherOwner.headers,
    pharmacistHeaders: pharmacist.headers,
  };
}

const apply = (headers: Record<string, string> | undefined, offerId: number) =>
  t.app.inject({ method: 'POST', url: '/api/candidature/', headers, payload: { offer_id: offerId } });

describe('POST /api/candidature/', () => {
  it('sends the CV once; the second time answers 409 with a message', async () => {
    const s = await scenario();
    const first = await apply(s.pharmacistHeaders, s.offer.id);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(MESSAGES.applicationSent);
    const again = await apply(s.pharmacistHeaders, s.offer.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.applicationDuplicate);
  });

  it('refuses a pharmacist without a CV (400, with the Italian message that says so)', async () => {
    const s = await scenario();
    const noCv = await signedIn(t.app, 'farmacista');
    const response = await apply(noCv.headers, s.offer.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.cvNotFound);
  });

  it('refuses owners and admins (403) and anonymous callers (401)', async () => {
    const s = await scenario();
    expect((await apply(s.ownerHeaders, s.offer.id)).statusCode).toBe(403);
    expect((await apply((await signedIn(t.app, 'admin')).headers, s.offer.id)).statusCode).toBe(403);
    expect((await apply(undefined, s.offer.id)).statusCode).toBe(401);
  });

  it('refuses a closed offer, an unknown one and a malformed id', async () => {
    const s = await scenario();
    const closed = await createOffer(t.database.db, s.owner.id, { dateFrom: daysFromNow(-4), dateTo: daysFromNow(-1) });
    const closedResponse = await apply(s.pharmacistHeaders, closed.id);
    expect(closedResponse.statusCode).toBe(400);
    expect(closedResponse.json().message).toBe(MESSAGES.offerClosed);
    expect((await apply(s.pharmacistHeaders, 987654)).statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/candidature/',
      headers: s.pharmacistHeaders,
      payload: { offer_id: 'uno' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('applying to an offer that is not open', () => {
  it('answers an unknown offer with 404 and the not-found message, and a closed one with 400 and the closed message', async () => {
    const s = await scenario();
    const unknown = await apply(s.pharmacistHeaders, s.offer.id + 1000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: MESSAGES.offerNotFound, code: 'offer_not_found' });
    const closed = await createOffer(t.database.db, s.owner.id, { dateFrom: daysFromNow(-2), dateTo: daysFromNow(-1) });
    const refused = await apply(s.pharmacistHeaders, closed.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.offerClosed, code: 'offer_closed' });
    expect((await t.app.inject({ method: 'GET', url: '/api/candidature/mine/', headers: s.pharmacistHeaders })).json()).toEqual(
      [],
    );
  });
});

describe('GET /api/titolare/candidatures/', () => {
  it('shows the owner the applications to their own offers only, with the applicant and a working CV link', async () => {
    const s = await scenario();
    const elsewhere = await createOffer(t.database.db, s.otherOwner.id, { title: 'Altrove' });
    await apply(s.pharmacistHeaders, s.offer.id);
    await apply(s.pharmacistHeaders, elsewhere.id);

    const response = await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: s.ownerHeaders });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      farmacista: { name: 'Anna', surname: 'Neri', comune: 'Milano', provincia_residenza: 'MI', telephone: '3331234567' },
      offer: { title: 'Turno sabato', description: 'Sabato mattina' },
    });
    expect(new Date(list[0].submitted_at).getTime()).toBeGreaterThan(0);

    const link = new URL(list[0].farmacista.pdf_file);
    const pdf = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is refused to pharmacists (403) and anonymous callers (401)', async () => {
    const s = await scenario();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: s.pharmacistHeaders })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/' })).statusCode).toBe(401);
  });

  it('forgets the applications of an offer the owner deletes', async () => {
    const s = await scenario();
    await apply(s.pharmacistHeaders, s.offer.id);
    await t.app.inject({ method: 'DELETE', url: `/api/offers/${s.offer.id}/delete/`, headers: s.ownerHeaders });
    expect((await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: s.ownerHeaders })).json()).toEqual(
      [],
    );
  });
});

describe('GET /api/candidature/mine/', () => {
  it("lists the pharmacist's own applications with the offer, and is refused to owners", async () => {
    const s = await scenario();
    await apply(s.pharmacistHeaders, s.offer.id);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/candidature/mine/', headers: s.pharmacistHeaders })).json();
    expect(mine).toMatchObject([{ offer: { id: s.offer.id, title: 'Turno sabato', comune_farmacia: 'Torino', is_open: true } }]);
    const other = await signedIn(t.app, 'farmacista');
    expect((await t.app.inject({ method: 'GET', url: '/api/candidature/mine/', headers: other.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/candidature/mine/', headers: s.ownerHeaders })).statusCode).toBe(403);
  });
});

describe('received applications, page by page', () => {
  it('gives the newest first, a page at a time, with the total in X-Total-Count', async () => {
    const s = await scenario();
    for (const name of ['Primo', 'Secondo', 'Terzo']) {
      const p = await signedIn(t.app, 'farmacista', { profile: { name } });
      await giveCv(t.database.db, p.user.id);
      await apply(p.headers, s.offer.id);
      t.clock.advance(60_000);
    }
    const page = async (n: number) =>
      t.app.inject({ method: 'GET', url: `/api/titolare/candidatures/?page=${n}&page_size=2`, headers: s.ownerHeaders });
    const first = await page(1);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json().map((a: { farmacista: { name: string } }) => a.farmacista.name)).toEqual(['Terzo', 'Secondo']);
    const second = await page(2);
    expect(second.headers['x-total-count']).toBe('3');
    expect(second.json().map((a: { farmacista: { name: string } }) => a.farmacista.name)).toEqual(['Primo']);
    const beyond = await page(3);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('3');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/?page_size=500', headers: s.ownerHeaders }))
        .statusCode,
    ).toBe(400);
  });
});

/**
 * A series (decision 090): its days still to come edited or closed as a whole, with the single offer's rules and
 * answers; one day at a time stays the single offer's edit; another pharmacy's series is 404.
 */
import { daysFromNow, PAY_MESSAGES, type TMyOffer } from '@farmaponte/shared';
import { BULK_MESSAGES } from '@farmaponte/shared/bulk-offers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { actingFor, organisationOf, signedInMember } from '../../../test/organisation-members';
import { applications, offers } from '../../db/schema';
import { createApplication, createOffer, setApplicationStatus } from '../../factories';

const t = useTestApp();

const day = (n: number) => daysFromNow(n, t.clock.now);
const edit = {
  title: 'Turno del sabato',
  description: 'Banco, ricette e cassa.',
  hourly_pay: 24,
  start_time: '08:30',
  end_time: '12:30',
};

/** A series of three Saturdays-to-be (days 2, 9, 16) of a new owner, and its id. */
async function ownerWithSeries() {
  const owner = await signedIn(t.app, 'titolare');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/offers/bulk/',
    headers: owner.headers,
    payload: { title: 'Sabato', description: 'Banco.', hourly_pay: 18, positions: 2, dates: [day(2), day(9), day(16)] },
  });
  const seriesId: string = response.json().series[0].series_id;
  const days = await t.app.db.select({ id: offers.id, date: offers.dateFrom }).from(offers).orderBy(offers.dateFrom);
  return { owner, seriesId, ids: days.map((d) => d.id) };
}

const mine = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers })).json() as TMyOffer[];

describe('PUT /api/offers/series/{id}/update/', () => {
  it('edits the days neither closed nor past, and leaves the others as they were', async () => {
    const { owner, seriesId, ids } = await ownerWithSeries();
    // One day closed by hand, and one day of the series already past.
    await t.app.inject({ method: 'POST', url: `/api/offers/${ids[0]}/close/`, headers: owner.headers });
    const past = await createOffer(t.app.db, owner.user.id, { dateFrom: day(-5), dateTo: day(-5), title: 'Passato' });
    await t.app.db.update(offers).set({ seriesId }).where(eq(offers.id, past.id));

    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/series/${seriesId}/update/`,
      headers: owner.headers,
      payload: edit,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: BULK_MESSAGES.seriesUpdated(2), changed: 2 });
    expect(response.json().offers).toHaveLength(4);
    const byId = new Map((await mine(owner.headers)).map((o) => [o.id, o]));
    for (const id of [ids[1], ids[2]])
      expect(byId.get(id as number)).toMatchObject({
        title: 'Turno del sabato',
        hourly_pay: 24,
        start_time: '08:30',
        positions: 2,
      });
    expect(byId.get(ids[0] as number)).toMatchObject({ title: 'Sabato', hourly_pay: 18, status: 'closed' });
    expect(byId.get(past.id)).toMatchObject({ title: 'Passato' });
  });

  it("refuses bad fields with the single edit's messages, and changes nothing", async () => {
    const { owner, seriesId } = await ownerWithSeries();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/series/${seriesId}/update/`,
      headers: owner.headers,
      payload: { ...edit, start_time: '14:00', end_time: '13:00' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PAY_MESSAGES.overnightNeedsNight);
    expect((await mine(owner.headers)).every((o) => o.title === 'Sabato')).toBe(true);
  });

  it('lowering the positions to those taken fills the day and answers its waiting applicants', async () => {
    const { owner, seriesId, ids } = await ownerWithSeries();
    const [accepted, waiting] = await Promise.all([signedIn(t.app, 'farmacista'), signedIn(t.app, 'farmacista')]);
    const offerId = ids[1] as number;
    const first = await createApplication(t.app.db, offerId, accepted.user.id);
    await createApplication(t.app.db, offerId, waiting.user.id);
    await setApplicationStatus(t.app.db, { id: first.id, offerId }, 'accepted');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/series/${seriesId}/update/`,
      headers: owner.headers,
      payload: { ...edit, positions: 1 },
    });
    expect(response.statusCode).toBe(200);
    const statuses = await t.app.db
      .select({ who: applications.farmacistaId, status: applications.status })
      .from(applications)
      .where(eq(applications.offerId, offerId));
    expect(Object.fromEntries(statuses.map((s) => [s.who, s.status]))).toEqual({
      [accepted.user.id]: 'accepted',
      [waiting.user.id]: 'rejected',
    });
  });
});

describe('POST /api/offers/series/{id}/close/', () => {
  it('closes every day still to come, answers the waiting applicants, then has nothing left to close (409)', async () => {
    const { owner, seriesId, ids } = await ownerWithSeries();
    const pharmacist = await signedIn(t.app, 'farmacista');
    await createApplication(t.app.db, ids[2] as number, pharmacist.user.id);
    const response = await t.app.inject({ method: 'POST', url: `/api/offers/series/${seriesId}/close/`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: BULK_MESSAGES.seriesClosed(3), changed: 3 });
    expect((await mine(owner.headers)).map((o) => o.status)).toEqual(['closed', 'closed', 'closed']);
    const [application] = await t.app.db.select({ status: applications.status }).from(applications);
    expect(application?.status).toBe('rejected');

    const again = await t.app.inject({ method: 'POST', url: `/api/offers/series/${seriesId}/close/`, headers: owner.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'series_nothing_open', message: BULK_MESSAGES.seriesNothingOpen });
    // One day at a time stays the single offer's reopen.
    const reopen = await t.app.inject({ method: 'POST', url: `/api/offers/${ids[1]}/reopen/`, headers: owner.headers });
    expect(reopen.statusCode).toBe(200);
  });
});

describe('who may change a series', () => {
  it("another pharmacy's series and one that does not exist are 404; consultazione 403; a pharmacist 403; no session 401", async () => {
    const { owner, seriesId } = await ownerWithSeries();
    const stranger = await signedIn(t.app, 'titolare');
    const reader = await signedInMember(t.app, await organisationOf(t.app.db, owner.user.id), 'consultazione', [owner.user.id]);
    const pharmacist = await signedIn(t.app, 'farmacista');
    const put = (headers: Record<string, string>, id = seriesId) =>
      t.app.inject({ method: 'PUT', url: `/api/offers/series/${id}/update/`, headers, payload: edit });
    const close = (headers: Record<string, string>, id = seriesId) =>
      t.app.inject({ method: 'POST', url: `/api/offers/series/${id}/close/`, headers });

    for (const answer of [await put(stranger.headers), await close(stranger.headers)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'series_not_found', message: BULK_MESSAGES.seriesNotFound });
    }
    expect((await put(owner.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await close(owner.headers, 'non-una-serie')).statusCode).toBe(404);
    expect((await put(actingFor(reader, owner.user.id))).json().code).toBe('read_only_member');
    expect((await close(actingFor(reader, owner.user.id))).statusCode).toBe(403);
    expect((await put(pharmacist.headers)).statusCode).toBe(403);
    expect((await close({})).statusCode).toBe(401);
    expect((await mine(owner.headers)).map((o) => [o.title, o.status])).toEqual([
      ['Sabato', 'open'],
      ['Sabato', 'open'],
      ['Sabato', 'open'],
    ]);
  });
});

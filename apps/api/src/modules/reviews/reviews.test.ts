/**
 * Reviews after the shift (decision 074): the window on Rome's clock, double blindness, one per side, who may do what,
 * bad input, the reply, the report, the admin's hiding (from the desk, resolving the reports that name the review), the
 * two jobs, and both sides (or two admins) writing at once.
 * On PostgreSQL the race really runs at once; on PGlite one after the other.
 */
import {
  REVIEW_MESSAGES,
  type TAdminReportsPage,
  type TApplicationReview,
  type TNotificationsPage,
  type TPendingReviews,
  type TReviewSaved,
  type TReviewsPage,
} from '@farmaponte/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { auditLog, mailOutbox, reports, reviews, shiftReminders } from '../../db/schema';
import { createApplication, createOffer, setApplicationStatus } from '../../factories';

const t = useTestApp();

/** The shift: 10 June 2030, 09:00–13:00 in Rome (07:00–11:00 UTC). */
const SHIFT = { dateFrom: '2030-06-10', dateTo: '2030-06-10', startTime: '09:00', endTime: '13:00' };
/** 12:59 in Rome on the shift's day: not yet over. */
const DURING = new Date('2030-06-10T10:59:00Z');
/** 13:00 in Rome: the shift is over, the window opens. */
const ENDED = new Date('2030-06-10T11:00:00Z');
/** 12:59 in Rome, 14 days later: the last minute of the window. */
const LAST_MINUTE = new Date('2030-06-24T10:59:00Z');
/** 13:00 in Rome, 14 days later: the window has closed. */
const CLOSED = new Date('2030-06-24T11:00:00Z');

/** Moves the clock and logs everyone in again (an access token lasts 15 minutes). */
async function at(moment: Date, ...who: TSignedIn[]) {
  t.clock.now = moment;
  for (const person of who) {
    const tokens = await login(t.app, person.user.email, person.user.password);
    Object.assign(person, tokens, { headers: bearer(tokens.access) });
  }
}

async function people() {
  t.clock.now = ENDED;
  const owner = await signedIn(t.app, 'titolare', {
    profile: { denominazione_farmacia: 'Farmacia Città Alta', name: 'Marco', surname: 'Rossi' },
  });
  const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Neri' } });
  return { owner, anna };
}

/** An accepted application of `pharmacist` to an offer of `owner`'s with the given dates. */
async function acceptedShift(owner: TSignedIn, pharmacist: TSignedIn, offer: Partial<typeof SHIFT> = SHIFT) {
  const created = await createOffer(t.database.db, owner.user.id, { title: 'Sostituzione estiva', ...offer });
  const application = await createApplication(t.database.db, created.id, pharmacist.user.id, new Date('2030-05-01T08:00:00Z'));
  await setApplicationStatus(t.database.db, { id: application.id, offerId: created.id }, 'accepted');
  return application.id;
}

const write = (who: TSignedIn | undefined, applicationId: number, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/applications/${applicationId}/review/`,
    headers: who?.headers,
    payload: payload as object,
  });

const read = (who: TSignedIn | undefined, applicationId: number) =>
  t.app.inject({ method: 'GET', url: `/api/applications/${applicationId}/review/`, headers: who?.headers });

const reviewsOf = (who: TSignedIn | undefined, userId: number) =>
  t.app.inject({ method: 'GET', url: `/api/users/${userId}/reviews/`, headers: who?.headers });

const post = (who: TSignedIn | undefined, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers, payload });

const OWNER_REVIEW = {
  rating: 5,
  comment: 'Puntuale e preciso.',
  punctuality: 5,
  communication: 4,
  handover: 5,
  would_hire_again: true,
};
const PHARMACIST_REVIEW = { rating: 4, comment: 'Accoglienza ottima.', welcome: 5, task_clarity: 4, pay_as_agreed: 4 };

async function notificationTypes(who: TSignedIn) {
  const response = await t.app.inject({ method: 'GET', url: '/api/notifications/', headers: who.headers });
  return (response.json() as TNotificationsPage).results.map((n) => n.type);
}

describe('the window', () => {
  it("opens when the last day ends on Rome's clock and closes 14 days later: 409 with an Italian message around it", async () => {
    const { owner, anna } = await people();
    const applicationId = await acceptedShift(owner, anna);
    await at(DURING, owner, anna);
    const early = await write(anna, applicationId, PHARMACIST_REVIEW);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'review_not_yet', message: expect.stringContaining('10/06/2030 13:00') });
    await at(LAST_MINUTE, owner, anna);
    expect((await write(anna, applicationId, PHARMACIST_REVIEW)).statusCode).toBe(201);
    await at(CLOSED, owner, anna);
    const late = await write(owner, applicationId, OWNER_REVIEW);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'review_window_closed', message: expect.stringContaining('14 giorni') });
  });

  it('a night shift ends the next morning; an offer without hours at the end of its last day', async () => {
    const { owner, anna } = await people();
    const night = await acceptedShift(owner, anna, { ...SHIFT, startTime: '20:00', endTime: '02:00' });
    const noHours = await acceptedShift(owner, anna, {
      dateFrom: '2030-06-11',
      dateTo: '2030-06-11',
      startTime: null as never,
      endTime: null as never,
    });
    // 01:59 in Rome on 11 June: the night is not over; 02:00 it is.
    await at(new Date('2030-06-10T23:59:00Z'), owner, anna);
    expect((await write(anna, night, PHARMACIST_REVIEW)).json().code).toBe('review_not_yet');
    await at(new Date('2030-06-11T00:00:00Z'), owner, anna);
    expect((await write(anna, night, PHARMACIST_REVIEW)).statusCode).toBe(201);
    // 23:59 on 11 June in Rome: still the offer's day; midnight is after it.
    await at(new Date('2030-06-11T21:59:00Z'), owner, anna);
    expect((await write(anna, noHours, PHARMACIST_REVIEW)).json().code).toBe('review_not_yet');
    await at(new Date('2030-06-11T22:00:00Z'), owner, anna);
    expect((await write(anna, noHours, PHARMACIST_REVIEW)).statusCode).toBe(201);
  });

  it('only an accepted application, with dates, is reviewed', async () => {
    const { owner, anna } = await people();
    const offer = await createOffer(t.database.db, owner.user.id, SHIFT);
    const sent = await createApplication(t.database.db, offer.id, anna.user.id);
    const undated = await acceptedShift(owner, anna, { dateFrom: null as never, dateTo: null as never });
    await at(ENDED, owner, anna);
    expect((await write(anna, sent.id, PHARMACIST_REVIEW)).json().code).toBe('review_not_accepted');
    expect((await write(anna, undated, PHARMACIST_REVIEW)).json().code).toBe('review_without_dates');
  });
});

describe('double blind', () => {
  it('no answer shows a review before both are in; then both are published together and each subject is told', async () => {
    const { owner, anna } = await people();
    const applicationId = await acceptedShift(owner, anna);
    await at(ENDED, owner, anna);
    const first = await write(anna, applicationId, { ...PHARMACIST_REVIEW, punctuality: 1 });
    expect(first.statusCode).toBe(201);
    const saved = first.json() as TReviewSaved;
    expect(saved.message).toContain('sarà pubblicata');
    // The other side's questions are dropped.
    expect(saved.review).toMatchObject({ published_at: null, welcome: 5, punctuality: null, author_name: 'Anna N.' });

    // The author sees their own; its subject sees nothing, not on the application and not on the list.
    const mine = (await read(anna, applicationId)).json() as TApplicationReview;
    expect(mine).toMatchObject({ can_review: false, mine: { published_at: null }, theirs: null });
    const owners = (await read(owner, applicationId)).json() as TApplicationReview;
    expect(owners).toMatchObject({ can_review: true, mine: null, theirs: null, subject: { name: 'Anna N.' } });
    expect((await reviewsOf(owner, owner.user.id)).json()).toEqual({ count: 0, average: null, results: [] });
    expect((await reviewsOf(anna, owner.user.id)).json()).toEqual({ count: 0, average: null, results: [] });
    expect(await notificationTypes(owner)).not.toContain('review_published');

    const second = await write(owner, applicationId, OWNER_REVIEW);
    expect(second.statusCode).toBe(201);
    expect((second.json() as TReviewSaved).message).toContain('pubblicata insieme');
    const both = await t.database.db.select().from(reviews).where(eq(reviews.applicationId, applicationId));
    expect(both.map((r) => r.publishedAt?.toISOString())).toEqual([ENDED.toISOString(), ENDED.toISOString()]);
    expect((await read(owner, applicationId)).json()).toMatchObject({ theirs: { rating: 4, author_name: 'Anna N.' } });
    const ownerPage = (await reviewsOf(anna, owner.user.id)).json() as TReviewsPage;
    expect(ownerPage).toMatchObject({ count: 1, average: 4 });
    const annaPage = (await reviewsOf(owner, anna.user.id)).json() as TReviewsPage;
    expect(annaPage.results).toEqual([
      expect.objectContaining({ author_name: 'Farmacia Città Alta', rating: 5, would_hire_again: true, welcome: null }),
    ]);
    expect(await notificationTypes(owner)).toContain('review_published');
    expect(await notificationTypes(anna)).toContain('review_published');
  });

  it('one review per side: the second is 409 and changes nothing', async () => {
    const { owner, anna } = await people();
    const applicationId = await acceptedShift(owner, anna);
    await at(ENDED, owner, anna);
    expect((await write(anna, applicationId, PHARMACIST_REVIEW)).statusCode).toBe(201);
    const again = await write(anna, applicationId, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'review_exists', message: expect.stringContaining('Hai già') });
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.applicationId, applicationId));
    expect(rows.map((r) => r.rating)).toEqual([4]);
  });

  it('the job publishes a lone review once its window has closed, and tells its subject', async () => {
    const { owner, anna } = await people();
    const applicationId = await acceptedShift(owner, anna);
    await at(ENDED, owner, anna);
    await write(anna, applicationId, PHARMACIST_REVIEW);
    await at(LAST_MINUTE, owner, anna);
    expect(await t.app.jobs.run('reviews-publish')).toEqual({ published: 0 });
    expect((await reviewsOf(anna, owner.user.id)).json()).toMatchObject({ count: 0 });
    await at(CLOSED, owner, anna);
    expect(await t.app.jobs.run('reviews-publish')).toEqual({ published: 1 });
    expect(await t.app.jobs.run('reviews-publish')).toEqual({ published: 0 });
    expect((await reviewsOf(anna, owner.user.id)).json()).toMatchObject({ count: 1, average: 4 });
    expect(await notificationTypes(owner)).toContain('review_published');
  });
});

describe('the invitation to review', () => {
  it('asks both sides once, when the window opens, and lists the shift as pending until reviewed', async () => {
    const { owner, anna } = await people();
    const applicationId = await acceptedShift(owner, anna);
    await at(DURING, owner, anna);
    expect(await t.app.jobs.run('review-invitations')).toEqual({ invited: 0 });
    await at(ENDED, owner, anna);
    expect(await t.app.jobs.run('review-invitations')).toEqual({ invited: 1 });
    expect(await t.app.jobs.run('review-invitations')).toEqual({ invited: 0 });
    expect((await notificationTypes(owner)).filter((type) => type === 'review_request')).toHaveLength(1);
    expect((await notificationTypes(anna)).filter((type) => type === 'review_request')).toHaveLength(1);
    const reminders = await t.database.db.select().from(shiftReminders).where(eq(shiftReminders.applicationId, applicationId));
    expect(reminders.map((r) => r.kind)).toEqual(['review_invitation']);

    const pending = async (who: TSignedIn) =>
      ((await t.app.inject({ method: 'GET', url: '/api/reviews/pending/', headers: who.headers })).json() as TPendingReviews)
        .results;
    expect((await pending(anna)).map((r) => r.application_id)).toEqual([applicationId]);
    await write(anna, applicationId, PHARMACIST_REVIEW);
    expect(await pending(anna)).toEqual([]);
    expect((await pending(owner)).map((r) => r.subject.name)).toEqual(['Anna N.']);
  });
});

describe('who may do what', () => {
  it("only the two sides write and read an application's review: others 404, an admin 403, logged out 401", async () => {
    const { owner, anna } = await people();
    const applicationId = await acceptedShift(owner, anna);
    const [otherOwner, otherPharmacist, admin] = [
      await signedIn(t.app, 'titolare'),
      await signedIn(t.app, 'farmacista'),
      await signedIn(t.app, 'admin'),
    ];
    await at(ENDED, owner, anna);
    for (const stranger of [otherOwner, otherPharmacist]) {
      expect((await write(stranger, applicationId, PHARMACIST_REVIEW)).statusCode).toBe(404);
      expect((await read(stranger, applicationId)).statusCode).toBe(404);
    }
    expect((await write(admin, applicationId, PHARMACIST_REVIEW)).statusCode).toBe(403);
    expect((await write(undefined, applicationId, PHARMACIST_REVIEW)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews/pending/' })).statusCode).toBe(401);
    expect(await t.database.db.select().from(reviews)).toEqual([]);
  });

  it("a pharmacist's reviews: verified owners, the pharmacist, admins; an owner's: anyone logged in", async () => {
    const { owner, anna } = await people();
    const unverified = await signedIn(t.app, 'titolare', { verified: false, emailConfirmed: true });
    const [otherPharmacist, admin] = [await signedIn(t.app, 'farmacista'), await signedIn(t.app, 'admin')];
    for (const who of [owner, anna, admin]) expect((await reviewsOf(who, anna.user.id)).statusCode).toBe(200);
    const refused = await reviewsOf(unverified, anna.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('owner_not_verified');
    expect((await reviewsOf(otherPharmacist, anna.user.id)).statusCode).toBe(404);
    for (const who of [unverified, otherPharmacist, anna, admin])
      expect((await reviewsOf(who, owner.user.id)).statusCode).toBe(200);
    expect((await reviewsOf(owner, admin.user.id)).statusCode).toBe(404);
    expect((await reviewsOf(owner, 999_999)).statusCode).toBe(404);
    expect((await reviewsOf(undefined, owner.user.id)).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it.each([
    ['no rating', {}, 'rating', 'Scegli un voto da 1 a 5 stelle.'],
    ['a rating of 0', { rating: 0 }, 'rating', 'Scegli un voto da 1 a 5 stelle.'],
    ['a rating of 6', { rating: 6 }, 'rating', 'Scegli un voto da 1 a 5 stelle.'],
    ['a rating in words', { rating: 'molto' }, 'rating', 'Scegli un voto da 1 a 5 stelle.'],
    ['half a star', { rating: 3.5 }, 'rating', 'Scegli un voto da 1 a 5 stelle.'],
    ['a welcome of 9', { rating: 4, welcome: 9 }, 'welcome', 'Scegli un voto da 1 a 5.'],
    ['"forse" to hire again', { rating: 4, would_hire_again: 'forse' }, 'would_hire_again', 'Indica se lo richiameresti.'],
    [
      'a comment of 1,001 characters',
      { rating: 4, comment: 'x'.repeat(1001) },
      'comment',
      'Il commento non può superare i 1000 caratteri.',
    ],
    [
      'a control character',
      { rating: 4, comment: 'a\u0000b' },
      'comment',
      'Il testo contiene caratteri non ammessi (caratteri di controllo).',
    ],
  ])('%s is a 400 with an Italian message on the field, and writes nothing', async (_label, payload, field, message) => {
    const { owner, anna } = await people();
    const applicationId = await acceptedShift(owner, anna);
    await at(ENDED, owner, anna);
    const response = await write(anna, applicationId, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; fields: Record<string, string> };
    expect(body.fields[field]).toBe(message);
    expect(await t.database.db.select().from(reviews)).toEqual([]);
  });

  it('a comment of 1,000 characters is kept whole', async () => {
    const { owner, anna } = await people();
    const applicationId = await acceptedShift(owner, anna);
    await at(ENDED, owner, anna);
    const response = await write(anna, applicationId, { rating: 3, comment: 'è'.repeat(1000) });
    expect(response.statusCode).toBe(201);
    expect((response.json() as TReviewSaved).review.comment).toHaveLength(1000);
  });
});

/** Both sides have reviewed each other: two published reviews. */
async function published() {
  const { owner, anna } = await people();
  const applicationId = await acceptedShift(owner, anna);
  await at(ENDED, owner, anna);
  const annas = (await write(anna, applicationId, PHARMACIST_REVIEW)).json() as TReviewSaved;
  const owners = (await write(owner, applicationId, OWNER_REVIEW)).json() as TReviewSaved;
  return { owner, anna, applicationId, aboutOwner: annas.review.id, aboutAnna: owners.review.id };
}

describe('the reply', () => {
  it('the subject replies once (409 the second time); the author and strangers cannot; an unpublished one is not found', async () => {
    const { owner, anna, aboutOwner } = await published();
    const reply = (who: TSignedIn, id: number, text: string) => post(who, `/api/reviews/${id}/reply/`, { reply: text });
    expect((await reply(anna, aboutOwner, 'Grazie!')).statusCode).toBe(404);
    expect((await reply(owner, aboutOwner, '   ')).statusCode).toBe(400);
    expect((await reply(owner, aboutOwner, 'x'.repeat(1001))).statusCode).toBe(400);
    const first = await reply(owner, aboutOwner, 'Grazie Anna, a presto!');
    expect(first.statusCode).toBe(200);
    expect((first.json() as TReviewSaved).review).toMatchObject({ reply: 'Grazie Anna, a presto!' });
    const second = await reply(owner, aboutOwner, 'Di nuovo');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('review_reply_exists');
    const page = (await reviewsOf(anna, owner.user.id)).json() as TReviewsPage;
    expect(page.results[0]?.reply).toBe('Grazie Anna, a presto!');

    const lone = await acceptedShift(owner, anna);
    const written = (await write(anna, lone, PHARMACIST_REVIEW)).json() as TReviewSaved;
    expect((await reply(owner, written.review.id, 'Troppo presto')).statusCode).toBe(404);
  });
});

describe('report and hide', () => {
  it('a report of a published review goes to the desk as a report of its author, with the review quoted', async () => {
    const { owner, anna, aboutAnna } = await published();
    const otherOwner = await signedIn(t.app, 'titolare');
    const otherPharmacist = await signedIn(t.app, 'farmacista');
    const url = `/api/reviews/${aboutAnna}/report/`;
    expect((await post(otherPharmacist, url, { reason: 'inappropriate' })).statusCode).toBe(404);
    expect((await post(otherOwner, url, { reason: 'other' })).statusCode).toBe(400);
    expect((await post(owner, url, { reason: 'fake' })).json().code).toBe('report_self');
    const filed = await post(anna, url, { reason: 'fake', details: 'Non è andata così.' });
    expect(filed.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.reporterId, anna.user.id));
    expect(row).toMatchObject({ targetType: 'user', targetUserId: owner.user.id, reason: 'fake' });
    expect(row?.details).toContain('Non è andata così.');
    expect(row?.details).toContain('Puntuale e preciso.');
    expect((await post(anna, url, { reason: 'fake' })).statusCode).toBe(409);
  });

  it('an admin hides a review with a reason and an audit entry: it leaves every list and the average', async () => {
    const { owner, anna, aboutAnna } = await published();
    const admin = await signedIn(t.app, 'admin');
    const url = `/api/admin/reviews/${aboutAnna}/hide/`;
    expect((await post(owner, url, { reason: 'Offensiva' })).statusCode).toBe(403);
    expect((await post(undefined, url, { reason: 'Offensiva' })).statusCode).toBe(401);
    const empty = await post(admin, url, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.reason).toBe(REVIEW_MESSAGES.hideReason);
    expect((await post(admin, '/api/admin/reviews/999999/hide/', { reason: 'Offensiva' })).statusCode).toBe(404);
    expect((await post(admin, url, { reason: 'Offensiva' })).statusCode).toBe(200);
    expect((await post(admin, url, { reason: 'Di nuovo' })).statusCode).toBe(409);
    expect((await reviewsOf(owner, anna.user.id)).json()).toEqual({ count: 0, average: null, results: [] });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.hide'), eq(auditLog.targetId, String(aboutAnna))));
    expect(entries).toEqual([expect.objectContaining({ actorId: admin.user.id, targetUserId: owner.user.id })]);
    expect(entries[0]?.details).toEqual({ reason: 'Offensiva', reportsResolved: [] });
    // A hidden review cannot be replied to or reported.
    expect((await post(anna, `/api/reviews/${aboutAnna}/reply/`, { reply: 'Grazie' })).statusCode).toBe(404);
  });
});

/** The desk's open or resolved reports, as an admin reads them. */
async function desk(admin: TSignedIn, status: 'open' | 'resolved') {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/reports/?status=${status}`, headers: admin.headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as TAdminReportsPage).results;
}

describe('hiding a reported review from the desk', () => {
  it('the desk shows the review a report names; hiding it resolves those reports only, with one audit entry', async () => {
    const { owner, anna, aboutAnna, aboutOwner } = await published();
    const admin = await signedIn(t.app, 'admin');
    const filed = await post(anna, `/api/reviews/${aboutAnna}/report/`, { reason: 'fake' });
    const other = await post(owner, `/api/reviews/${aboutOwner}/report/`, { reason: 'inappropriate' });
    expect([filed.statusCode, other.statusCode]).toEqual([201, 201]);
    const reportId = filed.json().id as number;
    const open = await desk(admin, 'open');
    expect(open.find((r) => r.id === reportId)?.review).toEqual({
      id: aboutAnna,
      rating: 5,
      comment: 'Puntuale e preciso.',
      offer_title: 'Sostituzione estiva',
      hidden: false,
    });
    expect((await reviewsOf(anna, anna.user.id)).json()).toMatchObject({ count: 1, average: 5 });

    const hidden = await post(admin, `/api/admin/reviews/${aboutAnna}/hide/`, { reason: 'Non veritiera' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().message).toBe(REVIEW_MESSAGES.hidden);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row).toMatchObject({
      reviewId: aboutAnna,
      status: 'resolved',
      resolvedAction: 'hide_review',
      resolvedNote: 'Non veritiera',
      resolvedBy: admin.user.id,
      resolvedAt: t.clock.now,
    });
    // The report naming the other review stays open.
    expect((await desk(admin, 'open')).map((r) => r.id)).toEqual([other.json().id]);
    const resolved = (await desk(admin, 'resolved')).find((r) => r.id === reportId);
    expect(resolved).toMatchObject({ resolved_action: 'hide_review', resolved_note: 'Non veritiera', review: { hidden: true } });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'review.hide'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toEqual({ reason: 'Non veritiera', reportsResolved: [reportId] });
    expect((await reviewsOf(anna, anna.user.id)).json()).toEqual({ count: 0, average: null, results: [] });
    const again = await post(admin, `/api/admin/reviews/${aboutAnna}/hide/`, { reason: 'Di nuovo' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('review_hidden');
  });

  it('the desk cannot resolve a report as hide_review: only hiding the review does', async () => {
    const { anna, aboutAnna } = await published();
    const admin = await signedIn(t.app, 'admin');
    const reportId = (await post(anna, `/api/reviews/${aboutAnna}/report/`, { reason: 'fake' })).json().id as number;
    const response = await post(admin, `/api/admin/reports/${reportId}/resolve/`, { action: 'hide_review', note: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.action).toBeTruthy();
  });

  it('two admins hiding a reported review at once: one 200, one 409, never a 500', async () => {
    const first = await signedIn(t.app, 'admin');
    const second = await signedIn(t.app, 'admin');
    for (let round = 0; round < 3; round++) {
      const { anna, aboutAnna } = await published();
      await at(t.clock.now, first, second);
      const reportId = (await post(anna, `/api/reviews/${aboutAnna}/report/`, { reason: 'fake' })).json().id as number;
      const url = `/api/admin/reviews/${aboutAnna}/hide/`;
      const answers = await Promise.all([post(first, url, { reason: 'Offensiva' }), post(second, url, { reason: 'Falsa' })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const [row] = await t.database.db.select().from(reports).where(eq(reports.id, reportId));
      expect(row?.resolvedAction).toBe('hide_review');
      const entries = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'review.hide'), eq(auditLog.targetId, String(aboutAnna))));
      expect(entries).toHaveLength(1);
    }
  });
});

describe('both sides at once', () => {
  it('the two reviews written at the same moment: both 201, both published, never a 500', async () => {
    const { owner, anna } = await people();
    await at(ENDED, owner, anna);
    for (let round = 0; round < 5; round++) {
      const applicationId = await acceptedShift(owner, anna);
      const answers = await Promise.all([
        write(anna, applicationId, PHARMACIST_REVIEW),
        write(owner, applicationId, OWNER_REVIEW),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      const rows = await t.database.db.select().from(reviews).where(eq(reviews.applicationId, applicationId));
      expect(rows.filter((r) => r.publishedAt !== null)).toHaveLength(2);
    }
  });

  it('one side posting twice at once: one 201, one 409', async () => {
    const { owner, anna } = await people();
    await at(ENDED, owner, anna);
    for (let round = 0; round < 5; round++) {
      const applicationId = await acceptedShift(owner, anna);
      const answers = await Promise.all([
        write(anna, applicationId, PHARMACIST_REVIEW),
        write(anna, applicationId, PHARMACIST_REVIEW),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    }
  });
});

describe('the reminder before a shift', () => {
  it("24 hours before its start on Rome's clock, both sides are told once, the mail with the event and the address", async () => {
    const { owner, anna } = await people();
    await at(new Date('2030-06-08T08:00:00Z'), owner, anna);
    const applicationId = await acceptedShift(owner, anna);
    const before = await t.database.db.select().from(mailOutbox);
    // 08:59 in Rome on 9 June: a day and a minute before 09:00 on 10 June.
    await at(new Date('2030-06-09T06:59:00Z'), owner, anna);
    expect(await t.app.jobs.run('shift-reminders')).toEqual({ reminded: 0 });
    await at(new Date('2030-06-09T07:00:00Z'), owner, anna);
    expect(await t.app.jobs.run('shift-reminders')).toEqual({ reminded: 1 });
    expect(await t.app.jobs.run('shift-reminders')).toEqual({ reminded: 0 });
    expect((await notificationTypes(owner)).filter((type) => type === 'shift_reminder')).toHaveLength(1);
    expect((await notificationTypes(anna)).filter((type) => type === 'shift_reminder')).toHaveLength(1);
    const reminders = await t.database.db.select().from(shiftReminders).where(eq(shiftReminders.applicationId, applicationId));
    expect(reminders.map((r) => r.kind)).toEqual(['before_shift']);
    const mails = (await t.database.db.select().from(mailOutbox)).slice(before.length);
    expect(mails.map((mail) => mail.to).sort()).toEqual([owner.user.email, anna.user.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('Farmaponte: Turno in arrivo');
      expect(mail.text).toContain('10/06/2030 alle 09:00');
      expect(mail.ics).toContain('BEGIN:VEVENT');
      expect(mail.text).toContain('Via Appia Nuova 98');
    }
  });

  it('a shift already begun is not reminded', async () => {
    const { owner, anna } = await people();
    await at(new Date('2030-06-08T08:00:00Z'), owner, anna);
    await acceptedShift(owner, anna);
    await at(new Date('2030-06-10T07:01:00Z'), owner, anna);
    expect(await t.app.jobs.run('shift-reminders')).toEqual({ reminded: 0 });
  });
});

/**
 * 'Scarica i miei dati' and the consent history (decision 066): the ZIP's content for a pharmacist and an owner, the
 * daily limit, who may ask, that nobody else's data leaks, and every way the communication consent changes.
 */
import { LIMITS, MESSAGES, ZDataExportSchema } from '@farmaponte/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bearer, login, rowsOf, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { consentEvents, cvViews, invitations, profiles } from '../../db/schema';
import {
  createApplication,
  createInvitation,
  createOffer,
  createOwner,
  createPharmacist,
  giveAvailability,
  giveCv,
  makeCvPdf,
  ownerProfile,
  pharmacistProfile,
  setApplicationStatus,
} from '../../factories';
import { updateProfile } from '../account';
import { storeCv } from '../cv';
import { postMessage } from '../messages';

const t = useTestApp();

const exportOf = (headers?: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/export/', headers });

/** The answer's archive: its files by name, and dati.json checked against the documented shape. */
function unzipped(body: Buffer) {
  const files = unzipSync(new Uint8Array(body));
  const json = new TextDecoder().decode(files['dati.json']);
  return { files, json, data: ZDataExportSchema.strict().parse(JSON.parse(json)) };
}

const historyOf = async (userId: number) =>
  (
    await t.app.db
      .select({ given: consentEvents.given, source: consentEvents.source })
      .from(consentEvents)
      .where(eq(consentEvents.userId, userId))
      .orderBy(asc(consentEvents.id))
  ).map((row) => `${row.source}:${row.given}`);

const saveProfile = (who: TSignedIn, profile: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/details/', headers: who.headers, payload: { profile } });

describe('GET /api/user/export/', () => {
  it('answers 401 without a session', async () => {
    const answer = await exportOf();
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("gives a pharmacist their data, CV, applications and consent history, and nobody else's", async () => {
    t.clock.now = new Date('2030-03-10T22:30:00Z');
    const anna = await signedIn(t.app, 'farmacista', {
      profile: pharmacistProfile({ name: 'Annalisa', surname: 'Verdi', communicationConsent: true }),
    });
    const other = await createPharmacist(t.app.db, { profile: pharmacistProfile({ name: 'Ottavia', surname: 'Altrui' }) });
    const owner = await createOwner(t.app.db, { email: 'titolare.privato@example.it' });
    const offer = await createOffer(t.app.db, owner.id, { title: 'Turno di sabato' });
    const application = await createApplication(t.app.db, offer.id, anna.user.id);
    await setApplicationStatus(t.app.db, { id: application.id, offerId: offer.id }, 'accepted', 'Ci vediamo sabato alle 8.');
    // Someone else's application to the same offer: not Annalisa's to see.
    await createApplication(t.app.db, offer.id, other.id);
    const cv = await makeCvPdf('Annalisa Verdi');
    await storeCv(t.app.db, anna.user.id, cv, t.clock.now);
    await t.app.db.insert(cvViews).values({
      pharmacistId: anna.user.id,
      viewerId: owner.id,
      viewerRole: 'titolare',
      viewerName: 'Marco Rossi',
      pharmacyName: 'Farmacia San Giovanni',
      applicationId: application.id,
      offerTitle: 'Turno di sabato',
      at: t.clock.now,
    });
    await giveAvailability(
      t.app.db,
      anna.user.id,
      {
        comune: 'Bergamo',
        radius_km: 40,
        min_pay: 19.5,
        days: [
          { date: '2030-03-12', part: 'notte' },
          { date: '2030-03-12', part: 'mattina' },
        ],
      },
      t.clock.now,
    );
    await giveAvailability(t.app.db, other.id, { days: [{ date: '2030-03-11', part: 'giornata' }] }, t.clock.now);
    // An invitation Annalisa declined, and one sent to someone else: hers only.
    const invitedTo = await createOffer(t.app.db, owner.id, { title: 'Turno di domenica' });
    const invitation = await createInvitation(t.app.db, invitedTo, anna.user.id, { createdAt: t.clock.now });
    await t.app.db
      .update(invitations)
      .set({ status: 'declined', declineReason: 'Sono in ferie.', decidedAt: t.clock.now })
      .where(eq(invitations.id, invitation.id));
    await createInvitation(t.app.db, invitedTo, other.id, { createdAt: t.clock.now });
    expect(
      (await saveProfile(anna, pharmacistProfile({ name: 'Annalisa', surname: 'Verdi', communicationConsent: false })))
        .statusCode,
    ).toBe(200);

    const answer = await exportOf(anna.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    // The Italian day: 22:30 UTC is 23:30 in Rome, still the 10th.
    expect(answer.headers['content-disposition']).toBe('attachment; filename="farmaponte-dati-2030-03-10.zip"');
    expect(answer.headers['cache-control']).toBe('no-store');
    const { files, json, data } = unzipped(answer.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['cv.pdf', 'dati.json']);
    expect(Buffer.from(files['cv.pdf'] as Uint8Array).equals(cv)).toBe(true);

    expect(data.account).toMatchObject({ id: anna.user.id, email: anna.user.email, role: 'farmacista', suspension: null });
    expect(data.account.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data.account.second_step_enabled).toBe(false);
    expect(data.profile).toMatchObject({
      name: 'Annalisa',
      surname: 'Verdi',
      telephone: '3331234567',
      communicationConsent: false,
    });
    expect(data.consents.communication.given).toBe(false);
    expect(data.consents.communication.history.map((e) => `${e.source}:${e.given}`)).toEqual([
      'registration:true',
      'profile:false',
    ]);
    expect(data.cv).toMatchObject({ file: 'cv.pdf', size: cv.length });
    expect(data.cv_views).toEqual([
      expect.objectContaining({ viewer_name: 'Marco Rossi', viewer_role: 'titolare', offer_title: 'Turno di sabato' }),
    ]);
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]).toMatchObject({
      offer: { id: offer.id, title: 'Turno di sabato', pharmacy: 'Farmacia San Giovanni', comune: 'Roma' },
      status: 'accepted',
      message: 'Ci vediamo sabato alle 8.',
    });
    expect(data.applications[0]?.history.map((e) => e.status)).toEqual(['sent', 'accepted']);
    expect(data.verification).toMatchObject({ status: 'verified' });
    expect(data.offers).toEqual([]);
    expect(data.invitations_received).toEqual([
      expect.objectContaining({
        id: invitation.id,
        offer: expect.objectContaining({ id: invitedTo.id, title: 'Turno di domenica', pharmacy: 'Farmacia San Giovanni' }),
        invited_by: 'owner',
        status: 'declined',
        decline_reason: 'Sono in ferie.',
      }),
    ]);
    expect(data.favourite_pharmacists).toEqual([]);
    expect(data.availability).toEqual({
      comune: 'Bergamo',
      province: 'BG',
      radius_km: 40,
      min_pay: 19.5,
      visible: true,
      updated_at: t.clock.now.toISOString(),
      days: [
        { date: '2030-03-12', part: 'mattina' },
        { date: '2030-03-12', part: 'notte' },
      ],
    });
    // Nobody else's data: the other applicant, the owner's own address.
    expect(json).not.toContain('Ottavia');
    expect(json).not.toContain(other.email);
    expect(json).not.toContain('titolare.privato@example.it');
  });

  it("gives an owner their offers with counts of applications, never the applicants' data", async () => {
    const owner = await signedIn(t.app, 'titolare');
    const giulia = await createPharmacist(t.app.db, { profile: pharmacistProfile({ name: 'Giuliana', surname: 'Candidata' }) });
    const offer = await createOffer(t.app.db, owner.user.id, { title: 'Sostituzione estiva' });
    const application = await createApplication(t.app.db, offer.id, giulia.id);
    await setApplicationStatus(t.app.db, { id: application.id, offerId: offer.id }, 'rejected', 'Posto già coperto.');
    const foreign = await createOwner(t.app.db);
    await createOffer(t.app.db, foreign.id, { title: 'Offerta di un altro' });
    // Giuliana is among the owner's pharmacists and was invited to the offer: counted, never named.
    await createInvitation(t.app.db, offer, giulia.id, { createdAt: t.clock.now });
    const favourite = await t.app.inject({ method: 'PUT', url: `/api/favourites/${giulia.id}/`, headers: owner.headers });
    expect(favourite.statusCode).toBe(200);

    const answer = await exportOf(owner.headers);
    expect(answer.statusCode).toBe(200);
    const { files, json, data } = unzipped(answer.rawPayload);
    expect(Object.keys(files)).toEqual(['dati.json']);
    expect(data.cv).toBeNull();
    expect(data.account.role).toBe('titolare');
    expect(data.offers).toEqual([
      expect.objectContaining({
        id: offer.id,
        title: 'Sostituzione estiva',
        status: 'open',
        applications: { rejected: 1 },
        invitations: { sent: 1 },
      }),
    ]);
    expect(data.favourite_pharmacists).toEqual([{ pharmacist_id: giulia.id, added_at: t.clock.now.toISOString() }]);
    expect(data.invitations_received).toEqual([]);
    expect(data.applications).toEqual([]);
    expect(data.availability).toBeNull();
    expect(json).not.toContain('Giuliana');
    expect(json).not.toContain(giulia.email);
    expect(json).not.toContain('Posto già coperto');
    expect(json).not.toContain('Offerta di un altro');
  });

  it("holds the messages the user wrote in application threads, not the other side's (decision 072)", async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const owner = await createOwner(t.app.db);
    const offer = await createOffer(t.app.db, owner.id, { title: 'Turno con conversazione' });
    const application = await createApplication(t.app.db, offer.id, anna.user.id);
    await postMessage(t.app.db, t.app.events, owner.id, application.id, 'Dal titolare', t.clock.now);
    await postMessage(t.app.db, t.app.events, anna.user.id, application.id, 'Dalla farmacista', t.clock.now);
    const { data, json } = unzipped((await exportOf(anna.headers)).rawPayload);
    expect(data.messages_written).toEqual([
      {
        application_id: application.id,
        offer_title: 'Turno con conversazione',
        body: 'Dalla farmacista',
        created_at: t.clock.now.toISOString(),
        read_at: null,
      },
    ]);
    expect(json).not.toContain('Dal titolare');
  });

  it('holds the reviews written and, once published, received, and the reliability events; never an unpublished one about the user', async () => {
    t.clock.now = new Date('2030-06-10T12:00:00Z');
    const owner = await signedIn(t.app, 'titolare');
    const anna = await signedIn(t.app, 'farmacista');
    const offer = await createOffer(t.app.db, owner.user.id, {
      title: 'Turno recensito',
      dateFrom: '2030-06-10',
      dateTo: '2030-06-10',
      startTime: '08:00',
      endTime: '12:00',
    });
    const application = await createApplication(t.app.db, offer.id, anna.user.id);
    await setApplicationStatus(t.app.db, { id: application.id, offerId: offer.id }, 'accepted');
    const review = (who: TSignedIn, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/applications/${application.id}/review/`, headers: who.headers, payload });
    expect((await review(owner, { rating: 5, comment: 'Bravissima', would_hire_again: true })).statusCode).toBe(201);
    const before = unzipped((await exportOf(anna.headers)).rawPayload);
    expect(before.data.reviews_received).toEqual([]);
    expect(before.json).not.toContain('Bravissima');
    expect(unzipped((await exportOf(owner.headers)).rawPayload).data.reviews_written).toEqual([
      expect.objectContaining({ rating: 5, comment: 'Bravissima', answers: { would_hire_again: true }, published_at: null }),
    ]);

    expect((await review(anna, { rating: 4, welcome: 5 })).statusCode).toBe(201);
    const after = unzipped((await exportOf(anna.headers)).rawPayload).data;
    expect(after.reviews_received).toEqual([
      expect.objectContaining({ offer_title: 'Turno recensito', author_role: 'titolare', rating: 5, hidden: false }),
    ]);
    expect(after.reviews_written).toEqual([expect.objectContaining({ rating: 4, answers: { welcome: 5 } })]);
    expect(after.reliability_events).toEqual([]);
  });

  it("holds a pharmacist's corrected hours with the owner's answer and the calendar feed's existence, never its address", async () => {
    t.clock.now = new Date('2030-06-10T10:00:00Z');
    const owner = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia del Ponte' } });
    const anna = await signedIn(t.app, 'farmacista');
    const offer = await createOffer(t.app.db, owner.user.id, {
      title: 'Turno di giugno',
      dateFrom: '2030-06-03',
      dateTo: '2030-06-04',
      startTime: '09:00',
      endTime: '13:00',
    });
    const application = await createApplication(t.app.db, offer.id, anna.user.id);
    await setApplicationStatus(t.app.db, { id: application.id, offerId: offer.id }, 'accepted');
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/shifts/${application.id}/hours/`,
      headers: anna.headers,
      payload: { days: [{ date: '2030-06-04', start_time: '09:00', end_time: '14:00' }] },
    });
    expect(corrected.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/shifts/${application.id}/hours/review/`,
      headers: owner.headers,
      payload: { status: 'disputed', note: 'Uscita alle 13.' },
    });
    const feed = (await t.app.inject({ method: 'POST', url: '/api/calendar/feed/', headers: anna.headers })).json();
    const token = /calendar\/([^.]+)\.ics/.exec(feed.https_url)?.[1] ?? '';
    expect(token).toHaveLength(43);

    const mine = unzipped((await exportOf(anna.headers)).rawPayload);
    expect(mine.data.worked_hours).toEqual([
      {
        application_id: application.id,
        offer_title: 'Turno di giugno',
        pharmacy: 'Farmacia del Ponte',
        days: [{ date: '2030-06-04', start_time: '09:00', end_time: '14:00', updated_at: '2030-06-10T10:00:00.000Z' }],
        review: {
          status: 'disputed',
          note: 'Uscita alle 13.',
          corrected_at: '2030-06-10T10:00:00.000Z',
          decided_at: '2030-06-10T10:00:00.000Z',
        },
      },
    ]);
    expect(mine.data.calendar_feed).toEqual({ created_at: '2030-06-10T10:00:00.000Z' });
    expect(mine.json).not.toContain(token);
    expect(mine.data.worked_hours_answers).toEqual([]);

    const owners = unzipped((await exportOf(owner.headers)).rawPayload);
    expect(owners.data.worked_hours_answers).toEqual([
      expect.objectContaining({
        application_id: application.id,
        offer_title: 'Turno di giugno',
        status: 'disputed',
        note: 'Uscita alle 13.',
      }),
    ]);
    expect(owners.data.worked_hours).toEqual([]);
    expect(owners.data.calendar_feed).toBeNull();
  });

  it(`allows ${LIMITS.dataExportsPerDay} exports a day: the next is 429 with Retry-After and the wait in Italian`, async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const bruno = await signedIn(t.app, 'farmacista');
    for (let i = 0; i < LIMITS.dataExportsPerDay; i++) expect((await exportOf(anna.headers)).statusCode).toBe(200);
    t.clock.advance(10 * 60 * 1000);
    const refused = await exportOf(anna.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(24 * 60 * 60 - 10 * 60));
    expect(refused.json()).toEqual({ code: 'data_export_quota', message: MESSAGES.dataExportLimit('24 ore') });
    // Another account has its own count.
    expect((await exportOf(bruno.headers)).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000 - 10 * 60 * 1000);
    const { access } = await login(t.app, anna.user.email, anna.user.password);
    expect((await exportOf(bearer(access))).statusCode).toBe(200);
  });
});

describe('the communication consent history', () => {
  const registration = (consent: boolean) => ({
    username: `consenso-${consent}@example.it`,
    password: 'password-sicura',
    profile: { ...pharmacistProfile(), userRole: 'farmacista', privacyPolicyConsent: true, communicationConsent: consent },
  });

  it('records the value given at registration, false too', async () => {
    for (const consent of [false, true]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/user/register/', payload: registration(consent) });
      expect(answer.statusCode).toBe(201);
      const [row] = rowsOf<{ id: number }>(
        await t.app.db.execute(sql`select id from users where email = ${`consenso-${consent}@example.it`}`),
      );
      expect(await historyOf(Number(row?.id))).toEqual([`registration:${consent}`]);
    }
    // A taken address changes nothing: no second row.
    await t.app.inject({ method: 'POST', url: '/api/user/register/', payload: registration(true) });
    expect(await t.app.db.select().from(consentEvents)).toHaveLength(2);
  });

  it('writes one registration row when two registrations of one address race', async () => {
    const answers = await Promise.all(
      [true, false].map((consent) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/register/',
          payload: { ...registration(consent), username: 'gemelli@example.it' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const rows = rowsOf<{ given: boolean; consent: boolean }>(
      await t.app.db.execute(
        sql`select e.given, p.communication_consent as consent from consent_events e join profiles p using (user_id)`,
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.given).toBe(rows[0]?.consent);
  });

  it('records a profile save only when it changes the consent, for pharmacists and owners', async () => {
    const anna = await signedIn(t.app, 'farmacista', { profile: { communicationConsent: false } });
    for (const consent of [false, true, true, false])
      await saveProfile(anna, pharmacistProfile({ communicationConsent: consent }));
    expect(await historyOf(anna.user.id)).toEqual(['registration:false', 'profile:true', 'profile:false']);
    const owner = await signedIn(t.app, 'titolare');
    for (const consent of [true, true]) await saveProfile(owner, ownerProfile({ communicationConsent: consent }));
    expect(await historyOf(owner.user.id)).toEqual(['registration:false', 'profile:true']);
  });

  it('withdraws the consent through the one-click unsubscribe of an alert mail, and only of an alert mail', async () => {
    const anna = await signedIn(t.app, 'farmacista', { profile: { communicationConsent: true } });
    const link = (type: 'offer_alert' | 'application_accepted') =>
      new URL(t.app.notifier.unsubscribeUrl(anna.user.id, type)).search;
    const other = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${link('application_accepted')}` });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain(MESSAGES.unsubscribeConsentWithdrawn);
    expect(await historyOf(anna.user.id)).toEqual(['registration:true']);

    const question = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe/${link('offer_alert')}` });
    expect(question.body).toContain('revochi anche il consenso');
    const done = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${link('offer_alert')}` });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Abbiamo registrato anche la revoca del consenso');
    // Twice is once.
    await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${link('offer_alert')}` });
    expect(await historyOf(anna.user.id)).toEqual(['registration:true', 'unsubscribe:false']);
    const [profile] = await t.app.db.select().from(profiles).where(eq(profiles.userId, anna.user.id));
    expect(profile?.communicationConsent).toBe(false);
  });

  it('mails offer alerts only while the consent is given', async () => {
    const anna = await signedIn(t.app, 'farmacista', { profile: { communicationConsent: true } });
    const search = { name: 'Milano', frequency: 'immediate', filters: { near: 'Milano', radius_km: 30 } };
    const saved = await t.app.inject({ method: 'POST', url: '/api/saved-searches/', headers: anna.headers, payload: search });
    expect(saved.statusCode).toBe(201);
    const owner = await createOwner(t.app.db, { profile: { comune_farmacia: 'Milano' } });
    const mailsToAnna = () => t.smtp.received.filter((mail) => mail.to.includes(anna.user.email));

    t.clock.advance(1000);
    await createOffer(t.app.db, owner.id, { title: 'Primo turno', createdAt: t.clock.now });
    await t.app.alerts.runOnce();
    await t.app.outbox.runOnce();
    expect(mailsToAnna()).toHaveLength(1);

    await saveProfile(anna, pharmacistProfile({ communicationConsent: false }));
    t.clock.advance(1000);
    await createOffer(t.app.db, owner.id, { title: 'Secondo turno', createdAt: t.clock.now });
    await t.app.alerts.runOnce();
    await t.app.outbox.runOnce();
    // In the app, not by mail.
    expect(mailsToAnna()).toHaveLength(1);
    const bell = await t.app.inject({ method: 'GET', url: '/api/notifications/', headers: anna.headers });
    expect(bell.json().count).toBe(2);
  });

  it('never asks for the consent to apply to an offer', async () => {
    const anna = await signedIn(t.app, 'farmacista', { profile: { communicationConsent: false } });
    const owner = await createOwner(t.app.db);
    const offer = await createOffer(t.app.db, owner.id);
    await giveCv(t.app.db, anna.user.id);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/candidature/',
      headers: anna.headers,
      payload: { offer_id: offer.id },
    });
    expect(answer.statusCode).toBe(201);
  });

  it('ten saves at once whose clocks were read out of order: the exported history, oldest first, ends with the current value', async () => {
    const anna = await signedIn(t.app, 'farmacista', { profile: { communicationConsent: false } });
    const base = t.clock.now.getTime();
    // Each request read the clock when it arrived, then waited for the account's lock behind the others: the first to
    // be written holds the latest clock, the last the earliest.
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        updateProfile(
          t.app.db,
          { id: anna.user.id, role: 'farmacista' },
          pharmacistProfile({ communicationConsent: i % 2 === 0 }),
          new Date(base + 10_000 - i * 1000),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill('fulfilled'));
    const { data } = unzipped((await exportOf(anna.headers)).rawPayload);
    const { given, history } = data.consents.communication;
    const [profile] = await t.app.db.select().from(profiles).where(eq(profiles.userId, anna.user.id));
    expect(given).toBe(profile?.communicationConsent);
    expect(history.at(-1)?.given).toBe(given);
    // Never back in time, and every row a change.
    for (let i = 1; i < history.length; i++) {
      expect(Date.parse(history[i]?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(history[i - 1]?.at ?? ''));
      expect(history[i]?.given).not.toBe(history[i - 1]?.given);
    }
  });

  it('keeps the history and the profile agreeing when two saves toggle the consent at once', async () => {
    const anna = await signedIn(t.app, 'farmacista', { profile: { communicationConsent: false } });
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        saveProfile(anna, pharmacistProfile({ communicationConsent: true })),
        saveProfile(anna, pharmacistProfile({ communicationConsent: false })),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const [profile] = await t.app.db.select().from(profiles).where(eq(profiles.userId, anna.user.id));
      const history = await historyOf(anna.user.id);
      expect(history.at(-1)).toBe(`${history.length === 1 ? 'registration' : 'profile'}:${profile?.communicationConsent}`);
      // No two rows in a row say the same: each is a change.
      for (let i = 1; i < history.length; i++) expect(history[i]?.split(':')[1]).not.toBe(history[i - 1]?.split(':')[1]);
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APPLICATION_STATUSES,
  daysFromNow,
  OFFER_STATUSES,
  type TMyOffer,
  type TNotificationsPage,
  type TOffer,
  type TPendingReviews,
  type TPharmacistInvitation,
  type TReceivedApplication,
  type TReviewsPage,
  type TSentApplication,
  type TVerificationsPage,
  type TWorkedShift,
  type TWorkedShiftMonth,
} from '@farmaponte/shared';
import type { TAvailablePharmacistsPage } from '@farmaponte/shared/availability';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, confirmFromMail, login, useTestApp } from '../../../test/helpers';
import { mailOutbox, pharmacies, profiles, retentionNotices, users } from '../../db/schema';
import { createAdmin, ownerProfile } from '../../factories';
import { ensureAdmin } from '../account';
import { addMonths } from '../retention';
import {
  DEMO_ACCOUNTS,
  demoAccountsBanner,
  demoSettingsOf,
  existingDemoAccounts,
  seedDemoIfEmpty as seedWith,
  type TDemoSettings,
} from './seed';

const t = useTestApp();
const DAY_MS = 86_400_000;
const seedDemoIfEmpty = (db: typeof t.database.db, settings: TDemoSettings = demoSettingsOf(t.config), now?: Date) =>
  seedWith(db, settings, now);
const as = async (email: string) => bearer((await login(t.app, email, DEMO_ACCOUNTS.password)).access);
const get = async <T>(url: string, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url, headers })).json() as T;

describe('the demo data of the README', () => {
  it('fills an empty database once, with accounts that work as the README says', async () => {
    expect(await seedDemoIfEmpty(t.database.db)).toBe(true);
    expect(await seedDemoIfEmpty(t.database.db)).toBe(false);

    const owner = await as(DEMO_ACCOUNTS.titolareMilano);
    const received = await get<TReceivedApplication[]>('/api/titolare/candidatures/', owner);
    expect(received).toMatchObject([
      { farmacista: { name: 'Giulia', surname: 'Bianchi' }, offer: { title: 'Turno domenicale' }, status: 'sent' },
    ]);
    expect(await get<TMyOffer[]>('/api/offers/mine/', owner)).toHaveLength(2);

    const giulia = await as(DEMO_ACCOUNTS.farmacistaConCv);
    expect((await get<{ profile: { pdf_file: string } }>('/api/user/details/', giulia)).profile.pdf_file).toMatch(/\/api\/cv\//);
    const luca = await as(DEMO_ACCOUNTS.farmacista);
    expect((await get<{ profile: { pdf_file: string | null } }>('/api/user/details/', luca)).profile.pdf_file).toBeNull();
    expect(await get<TOffer[]>('/api/offers/', luca)).toHaveLength(3);

    const admin = await as(DEMO_ACCOUNTS.admin);
    expect(await get('/api/admin/overview/', admin)).toMatchObject({
      users_by_role: { farmacista: 6, titolare: 3, admin: 1 },
      pharmacies: 400,
    });

    // The Rome owner's hiring loop shows every status of an offer and of an application.
    const roma = await as(DEMO_ACCOUNTS.titolareRoma);
    const romaOffers = await get<TMyOffer[]>('/api/offers/mine/', roma);
    expect(new Set(romaOffers.map((o) => o.status))).toEqual(
      new Set(OFFER_STATUSES.filter((status) => status !== 'pending_verification')),
    );
    expect(romaOffers.find((o) => o.title === 'Farmacista collaboratore part-time')).toMatchObject({
      status: 'open',
      positions: 2,
      accepted_count: 1,
    });
    const romaReceived = await get<TReceivedApplication[]>('/api/titolare/candidatures/', roma);
    expect(new Set([...romaReceived.map((a) => a.status), received[0]?.status])).toEqual(new Set(APPLICATION_STATUSES));
    // One application still waits on the expired offer: it can be answered, not accepted.
    const waiting = romaReceived.filter((a) => a.offer.status === 'expired' && a.status === 'sent');
    expect(waiting.map((a) => [a.farmacista.name, a.offer.title])).toEqual([['Paolo', 'Turno di Ferragosto']]);

    // The owner waiting for the admin: a registry pharmacy, a document, an offer nobody else sees yet.
    const pending = await as(DEMO_ACCOUNTS.titolareInAttesa);
    expect(await get('/api/user/details/', pending)).toMatchObject({ verification: 'pending' });
    expect(await get<TMyOffer[]>('/api/offers/mine/', pending)).toMatchObject([
      { title: 'Farmacista per il banco', status: 'pending_verification' },
    ]);
    const queue = await get<TVerificationsPage>('/api/admin/verifications/', admin);
    // Oldest first: the pharmacist's albo entry, declared two days ago, then the owner who registered yesterday.
    expect(queue.results).toMatchObject([
      { email: DEMO_ACCOUNTS.farmacista, role: 'farmacista', entered: { ordine_provincia: 'RM' }, registry: null },
      { email: DEMO_ACCOUNTS.titolareInAttesa, registry: { cod_farmacia: expect.any(String) } },
    ]);
    expect(queue.results[1]?.document_url).toMatch(/\/api\/verification-document\//);
  });

  it('has one pharmacist warned by the retention job, whose mail keeps the account', async () => {
    const now = new Date('2026-11-20T09:00:00.000Z');
    const settings = { retention: t.config, publicUrl: () => 'http://demo.test' };
    expect(await seedDemoIfEmpty(t.database.db, settings, now)).toBe(true);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.farmacistaInattivo));
    if (!user) throw new Error('no inactive demo account');
    // Twenty days before the inactivity term ends; the warning gives the full warning period from today.
    expect(user.lastActiveAt).toEqual(new Date(addMonths(now, -t.config.ACCOUNT_INACTIVITY_MONTHS).getTime() + 20 * DAY_MS));
    const notices = await t.database.db.select().from(retentionNotices);
    expect(notices).toMatchObject([
      {
        userId: user.id,
        kind: 'account',
        warnedAt: now,
        erasesAt: new Date(now.getTime() + t.config.RETENTION_WARNING_DAYS * DAY_MS),
      },
    ]);
    // The only mail of the demo: the warning, through the outbox, with the keep link of the notice.
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ userId: user.id, to: DEMO_ACCOUNTS.farmacistaInattivo });
    expect(mails[0]?.subject).toBe('Farmaponte: il tuo account verrà cancellato il 20/12/2026');
    const token = mails[0]?.text.match(/http:\/\/demo\.test\/conserva\?token=([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    const notice = await t.app.inject({ method: 'GET', url: `/api/retention/keep/?token=${token}` });
    expect(notice.json()).toEqual({ kind: 'account', erases_at: '2026-12-20T09:00:00.000Z' });
    // A second seed warns nobody again.
    expect(await seedDemoIfEmpty(t.database.db, settings, now)).toBe(false);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(1);
    // The account logs in like the others, and the login voids the warning.
    await login(t.app, DEMO_ACCOUNTS.farmacistaInattivo, DEMO_ACCOUNTS.password);
    expect(await t.database.db.select().from(retentionNotices)).toEqual([]);
  });

  it('shows each offer the pay its owner wrote, the same on every screen', async () => {
    await seedDemoIfEmpty(t.database.db);
    const payOf = (salary: string) => Number(salary.replace(/[^\d,]/g, '').replace(',', '.'));
    for (const email of [DEMO_ACCOUNTS.titolareMilano, DEMO_ACCOUNTS.titolareRoma]) {
      for (const offer of await get<TMyOffer[]>('/api/offers/mine/', await as(email)))
        expect(offer.hourly_pay, offer.title).toBe(payOf(offer.salary));
    }
    const marta = await get<TSentApplication[]>('/api/candidature/mine/', await as(DEMO_ACCOUNTS.farmacistaAccettata));
    expect(marta.map((a) => [a.offer.title, a.offer.hourly_pay]).sort()).toEqual([
      ['Domenica in farmacia', 21],
      ['Farmacista collaboratore part-time', 17.5],
      ['Sostituzione per ferie', 20],
      ['Turno di Ferragosto', 26],
      ['Turno notturno', 24],
      ['Turno serale', 22],
    ]);
  });

  it('has pharmacists free near each demo owner, found on their search of who is free', async () => {
    await seedDemoIfEmpty(t.database.db);
    const namesFound = async (email: string) =>
      (await get<TAvailablePharmacistsPage>('/api/pharmacists/available/', await as(email))).results.map((p) => p.name);
    expect(await namesFound(DEMO_ACCOUNTS.titolareMilano)).toEqual(['Giulia']);
    expect(await namesFound(DEMO_ACCOUNTS.titolareRoma)).toEqual(['Marta', 'Sara']);
  });

  it('leaves the notification of every step for the person it concerns', async () => {
    await seedDemoIfEmpty(t.database.db);
    const typesOf = async (email: string) =>
      (await get<TNotificationsPage>('/api/notifications/?page_size=50', await as(email))).results.map((n) => n.type).sort();
    // Marta: accepted four times (the part-time job and her three worked shifts), rejected twice (once by the owner,
    // once when the night shift filled), the owner confirmed the hours she entered for a Sunday, and three of the
    // owner's messages came after a quiet spell (decision 072), the last one waiting unread; and the owner's review of
    // the holiday cover was published (decision 074).
    expect(await typesOf(DEMO_ACCOUNTS.farmacistaAccettata)).toEqual([
      'application_accepted',
      'application_accepted',
      'application_accepted',
      'application_accepted',
      'application_rejected',
      'application_rejected',
      'hours_answered',
      'message_received',
      'message_received',
      'message_received',
      'review_published',
    ]);
    const marta = await get<TNotificationsPage>('/api/notifications/', await as(DEMO_ACCOUNTS.farmacistaAccettata));
    expect(marta.messages_unread).toBe(1);
    expect(await typesOf(DEMO_ACCOUNTS.farmacistaVista)).toEqual(['application_accepted']);
    // Sara withdrew one application herself (nothing to tell her) and was told when the opening closed.
    expect(await typesOf(DEMO_ACCOUNTS.farmacistaRitirata)).toEqual(['offer_closed']);
    expect(await typesOf(DEMO_ACCOUNTS.titolareMilano)).toEqual(['application_received']);
    // Giulia's invitation to the summer replacement waits for her answer (decision 071).
    expect(await typesOf(DEMO_ACCOUNTS.farmacistaConCv)).toEqual(['invitation_received']);
    const invited = await get<TPharmacistInvitation[]>('/api/invitations/mine/', await as(DEMO_ACCOUNTS.farmacistaConCv));
    expect(invited).toMatchObject([
      { status: 'sent', offer: { title: 'Sostituzione estiva', denominazione_farmacia: 'Farmacia Colombo' } },
    ]);
    const roma = await typesOf(DEMO_ACCOUNTS.titolareRoma);
    expect(roma.filter((type) => type === 'application_received')).toHaveLength(11);
    expect(roma).toContain('application_withdrawn');
    expect(roma.filter((type) => type === 'message_received')).toHaveLength(1);
    // Marta's hours: the Sunday's (confirmed) and the evening's (waiting for the owner).
    expect(roma.filter((type) => type === 'hours_submitted')).toHaveLength(2);
    // Marta's review of the holiday cover, published with the owner's.
    expect(roma.filter((type) => type === 'review_published')).toHaveLength(1);
  });

  it("shows Marta's worked shifts with their hours and pay, and one correction waiting for the Rome owner", async () => {
    await seedDemoIfEmpty(t.database.db);
    const shiftsOf = async (email: string, path: 'mine' | 'owner') => {
      const shifts: TWorkedShift[] = [];
      // Three weeks back may be last month.
      for (const days of [0, -21]) {
        const [year, month] = daysFromNow(days).split('-').map(Number);
        const answer = await get<TWorkedShiftMonth>(`/api/shifts/${path}/?year=${year}&month=${month}`, await as(email));
        for (const shift of answer.shifts) if (!shifts.some((s) => s.application_id === shift.application_id)) shifts.push(shift);
      }
      return shifts;
    };
    const marta = await shiftsOf(DEMO_ACCOUNTS.farmacistaAccettata, 'mine');
    expect(marta.map((s) => s.offer.title).sort()).toEqual(['Domenica in farmacia', 'Sostituzione per ferie', 'Turno serale']);
    const byTitle = new Map(marta.map((s) => [s.offer.title, s]));
    expect(byTitle.get('Domenica in farmacia')).toMatchObject({ minutes: 270, gross: 94.5, review: { status: 'confirmed' } });
    expect(byTitle.get('Turno serale')).toMatchObject({
      minutes: 300,
      gross: 110,
      review: { status: 'pending' },
      can_correct: true,
    });
    const roma = await shiftsOf(DEMO_ACCOUNTS.titolareRoma, 'owner');
    expect(roma.filter((s) => s.review?.status === 'pending').map((s) => [s.pharmacist.name, s.offer.title])).toEqual([
      ['Marta', 'Turno serale'],
    ]);
  });

  it('shows reviews both ways on the holiday cover, Marta’s lone one unseen by the owner, and the Sunday to review', async () => {
    await seedDemoIfEmpty(t.database.db);
    const idOf = async (email: string) =>
      (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
    const [martaId, romaId] = [await idOf(DEMO_ACCOUNTS.farmacistaAccettata), await idOf(DEMO_ACCOUNTS.titolareRoma)];
    const marta = await as(DEMO_ACCOUNTS.farmacistaAccettata);
    const roma = await as(DEMO_ACCOUNTS.titolareRoma);
    // The pharmacy: one published review (the evening shift's waits for the owner's), seen by any logged-in user.
    const aboutRoma = await get<TReviewsPage>(`/api/users/${romaId}/reviews/`, marta);
    expect(aboutRoma).toMatchObject({ count: 1, average: 4, results: [{ offer_title: 'Sostituzione per ferie', rating: 4 }] });
    // Marta: the owner's review with her reply, read by a verified owner.
    const aboutMarta = await get<TReviewsPage>(`/api/users/${martaId}/reviews/`, roma);
    expect(aboutMarta).toMatchObject({
      count: 1,
      average: 5,
      results: [{ would_hire_again: true, reply: 'Grazie, è stato un piacere lavorare con voi!' }],
    });
    // Left to review: the Sunday for Marta; the evening and the Sunday for the owner.
    const titles = (page: TPendingReviews) => page.results.map((r) => r.offer_title).sort();
    expect(titles(await get<TPendingReviews>('/api/reviews/pending/', marta))).toEqual(['Domenica in farmacia']);
    expect(titles(await get<TPendingReviews>('/api/reviews/pending/', roma))).toEqual(['Domenica in farmacia', 'Turno serale']);
  });

  it("has the README's free registry pharmacy: found by its comune, with that VAT number, and a newcomer claims it", async () => {
    await seedDemoIfEmpty(t.database.db);
    const readme = readFileSync(join(import.meta.dirname, '../../../../../README.md'), 'utf8').replace(/\s+/g, ' ');
    const named =
      /\*\*(?<name>[^*]+)\*\*, (?<address>[^,]+), (?<comune>[^,]+), code `(?<code>\d+)`, VAT number \(partita IVA\) `(?<vat>\d{11})`/.exec(
        readme,
      )?.groups;
    if (!named) throw new Error("the README's demo section names no registry pharmacy to claim");
    const { name, address, comune, code, vat } = named as { [key in 'name' | 'address' | 'comune' | 'code' | 'vat']: string };
    // 'Cerca la tua farmacia' finds it by the comune, as the README says to type it.
    const found = await t.app.inject({ method: 'GET', url: `/api/pharmacies/lookup/?q=${encodeURIComponent(comune)}` });
    expect(found.json()).toContainEqual(
      expect.objectContaining({ cod_farmacia: code, name, address: address.toUpperCase(), comune: comune.toUpperCase() }),
    );
    const [row] = await t.database.db.select().from(pharmacies).where(eq(pharmacies.codFarmacia, code));
    expect(row?.partitaIva).toBe(vat);
    // No demo account has it.
    expect(await t.database.db.select().from(profiles).where(eq(profiles.codFarmacia, code))).toEqual([]);

    const email = 'nuovo.titolare@example.it';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      payload: {
        username: email,
        password: DEMO_ACCOUNTS.password,
        profile: { ...ownerProfile({ cod_farmacia: code, partita_iva: vat }), userRole: 'titolare' },
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await confirmFromMail(t, email);
    const details = await get<{ profile: Record<string, string> }>('/api/user/details/', await as(email));
    expect(details.profile).toMatchObject({ cod_farmacia: code, denominazione_farmacia: name, partita_iva: vat });
  });

  it('is seeded beside an admin made at start, and the banner lists only the accounts there are', async () => {
    await ensureAdmin(t.database.db, 'capo@example.it', 'una-password-lunga');
    expect(demoAccountsBanner(await existingDemoAccounts(t.database.db))).toBe('');
    expect(await seedDemoIfEmpty(t.database.db)).toBe(true);
    const banner = demoAccountsBanner(await existingDemoAccounts(t.database.db));
    for (const email of Object.values(DEMO_ACCOUNTS).filter((value) => value.includes('@'))) expect(banner).toContain(email);
    await login(t.app, DEMO_ACCOUNTS.titolareRoma, DEMO_ACCOUNTS.password);
  });

  it('keeps the password of an admin made at start at the demo admin address, and says so', async () => {
    await createAdmin(t.database.db, { email: DEMO_ACCOUNTS.admin, password: 'la-password-del-capo' });
    expect(await seedDemoIfEmpty(t.database.db)).toBe(true);
    await login(t.app, DEMO_ACCOUNTS.admin, 'la-password-del-capo');
    expect(demoAccountsBanner(await existingDemoAccounts(t.database.db), DEMO_ACCOUNTS.admin)).toContain(
      `${DEMO_ACCOUNTS.admin} (password di ADMIN_PASSWORD)`,
    );
  });
});

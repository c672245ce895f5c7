import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APPLICATION_STATUSES,
  addDays,
  daysFromNow,
  OFFER_STATUSES,
  type TInvoiceable,
  type TInvoiceList,
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
  todayInItaly,
} from '@farmaponte/shared';
import type { TAvailablePharmacistsPage } from '@farmaponte/shared/availability';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, confirmFromMail, login, useTestApp } from '../../test/helpers';
import { invitations, mailOutbox, offers, pharmacies, profiles, retentionNotices, users } from '../db/schema';
import { createAdmin, ownerProfile } from '../factories';
import { ensureAdmin } from '../modules/account';
import { addMonths } from '../modules/retention';
import { demoDates } from './dates';
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
  it("shows a freelance engagement: Giulia's file, her contract confirmed by the pharmacy and waiting for her", async () => {
    await seedDemoIfEmpty(t.database.db);
    const giulia = await as(DEMO_ACCOUNTS.farmacistaConCv);
    expect(await get('/api/me/professional-file/', giulia)).toMatchObject({
      codice_fiscale: 'BNCGLI92D55A794P',
      partita_iva: '01234567897',
      tax_regime: 'forfettario',
      ready_for_freelance: true,
      insurance: { document: { name: 'polizza.pdf' } },
    });
    const sent = await get<TSentApplication[]>('/api/candidature/mine/', giulia);
    const freelance = sent.find((a) => a.offer.title === 'Sostituzione in libera professione');
    expect(freelance).toMatchObject({ status: 'accepted', offer: { legal_forms: ['libera_professione'] } });
    // The week's cover (decision 094): her proposal of 34 €/h, the pharmacy's counter of 32 €/h waiting for her.
    expect(sent.find((a) => a.offer.title === 'Settimana in libera professione con alloggio')).toMatchObject({
      status: 'sent',
      legal_form: 'libera_professione',
      negotiation: { round: 2, status: 'in_attesa', hourly_pay: 32, travel_amount: 40 },
    });
    const contract = await get<{
      version: number;
      status: string;
      owner_confirmation: unknown;
      pharmacist_confirmation: unknown;
    }>(`/api/applications/${freelance?.id}/contract/`, giulia);
    expect(contract).toMatchObject({ version: 1, status: 'da_confermare', pharmacist_confirmation: null });
    expect(contract.owner_confirmation).toMatchObject({ by_name: 'Francesca Colombo' });
    // Her invoices (decision 095): 1/FP to the Milan pharmacy, sent and now overdue; the November morning, whose hours
    // confirmed themselves, waits to be invoiced.
    const invoices = await get<TInvoiceList>('/api/invoices/mine/', giulia);
    const lastYear = await get<TInvoiceList>(`/api/invoices/mine/?year=${Number(daysFromNow(-58).slice(0, 4))}`, giulia);
    expect((invoices.invoices.length ? invoices : lastYear).invoices).toMatchObject([
      { number: '1/FP', state: 'scaduta', regime: 'forfettario', client: { name: 'Farmacie Colombo srl' } },
    ]);
    const invoiceable = await get<TInvoiceable>('/api/invoices/invoiceable/', giulia);
    expect(invoiceable.groups.flatMap((g) => g.engagements.map((e) => e.title))).toEqual([
      'Mattina in libera professione di novembre',
    ]);
    // The employee shifts keep the first level of the CCNL.
    const open = await get<TOffer[]>('/api/offers/', giulia);
    expect(open.find((o) => o.title === 'Turno domenicale')).toMatchObject({ legal_forms: ['dipendente'], ccnl_level: '1' });
  });

  it('fills an empty database once, with accounts that work as the README says', async () => {
    expect(await seedDemoIfEmpty(t.database.db)).toBe(true);
    expect(await seedDemoIfEmpty(t.database.db)).toBe(false);

    const owner = await as(DEMO_ACCOUNTS.titolareMilano);
    const received = await get<TReceivedApplication[]>('/api/titolare/candidatures/', owner);
    expect(received).toMatchObject([
      {
        farmacista: { name: 'Giulia', surname: 'Bianchi' },
        offer: { title: 'Settimana in libera professione con alloggio' },
        status: 'sent',
        negotiation: { round: 2, status: 'in_attesa' },
      },
      {
        farmacista: { name: 'Giulia', surname: 'Bianchi' },
        offer: { title: 'Sostituzione in libera professione' },
        status: 'accepted',
        legal_form: 'libera_professione',
      },
      { farmacista: { name: 'Giulia', surname: 'Bianchi' }, offer: { title: 'Turno domenicale' }, status: 'sent' },
      // Her two past mornings (decision 095): the November one to invoice, the autumn one invoiced.
      { offer: { title: 'Mattina in libera professione di novembre' }, status: 'accepted' },
      { offer: { title: 'Mattina in libera professione di inizio autunno' }, status: 'accepted' },
    ]);
    expect(await get<TMyOffer[]>('/api/offers/mine/', owner)).toHaveLength(7);

    const giulia = await as(DEMO_ACCOUNTS.farmacistaConCv);
    expect((await get<{ profile: { pdf_file: string } }>('/api/user/details/', giulia)).profile.pdf_file).toMatch(/\/api\/cv\//);
    const luca = await as(DEMO_ACCOUNTS.farmacista);
    expect((await get<{ profile: { pdf_file: string | null } }>('/api/user/details/', luca)).profile.pdf_file).toBeNull();
    const open = await get<TOffer[]>('/api/offers/', luca);
    // With the Sunday night and the week's cover of decision 094.
    expect(open).toHaveLength(6);
    expect(open.find((o) => o.title === 'Notte di domenica a battenti aperti')).toMatchObject({
      end_time: '08:30',
      pay_terms: { night_service: 'battenti_aperti' },
    });
    // The Milan group's second pharmacy is named with its group; a pharmacy alone is not.
    expect(open.find((o) => o.title === 'Sabato mattina a Città Studi')).toMatchObject({
      denominazione_farmacia: 'Farmacia Colombo Città Studi',
      gruppo: 'Farmacie Colombo srl',
    });

    // Its director logs in as herself and acts for that pharmacy alone.
    const laura = await as(DEMO_ACCOUNTS.responsabile);
    expect(await get('/api/organisation/', laura)).toMatchObject({
      name: 'Farmacie Colombo srl',
      my_role: 'responsabile',
      pharmacies: [{ name: 'Farmacia Colombo Città Studi', verification: 'verified' }],
    });
    expect((await get<TMyOffer[]>('/api/offers/mine/', laura)).map((o) => o.title)).toEqual(['Sabato mattina a Città Studi']);
    expect((await get<TReceivedApplication[]>('/api/titolare/candidatures/', laura)).map((a) => a.farmacista.name)).toEqual([
      'Giulia',
    ]);

    const admin = await as(DEMO_ACCOUNTS.admin);
    expect(await get('/api/admin/overview/', admin)).toMatchObject({
      // Owner accounts: three owners, the group's second pharmacy and its director (decision 089).
      users_by_role: { farmacista: 6, titolare: 5, admin: 1 },
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
    expect(waiting.map((a) => [a.farmacista.name, a.offer.title])).toEqual([['Paolo', demoDates(new Date()).holiday.title]]);

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
    expect(marta.map((a) => [a.offer.title, a.offer.hourly_pay]).sort()).toEqual(
      [
        ['Domenica in farmacia', 21],
        ['Farmacista collaboratore part-time', 17.5],
        ['Sostituzione per ferie', 20],
        [demoDates(new Date()).holiday.title, 26],
        ['Turno notturno', 24],
        ['Turno serale', 22],
      ].sort(),
    );
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
    // The owner's words with the acceptance of the part-time job open its thread (decision 083), and one message more.
    expect(marta.messages_unread).toBe(2);
    expect(await typesOf(DEMO_ACCOUNTS.farmacistaVista)).toEqual(['application_accepted']);
    // Sara withdrew one application herself (nothing to tell her) and was told when the opening closed.
    expect(await typesOf(DEMO_ACCOUNTS.farmacistaRitirata)).toEqual(['offer_closed']);
    // Giulia's five applications: the Sunday's, the freelance Saturday's the owner accepted (decision 093), the
    // week's cover with her proposal (decision 094), and her two past mornings, the first invoiced (decision 095).
    expect(await typesOf(DEMO_ACCOUNTS.titolareMilano)).toEqual([
      'application_received',
      'application_received',
      'application_received',
      'application_received',
      'application_received',
      'invoice_issued',
      'proposal_received',
    ]);
    // Giulia's invitation to the summer replacement waits for her answer (decision 071); her freelance Saturday was
    // accepted and its contract waits for her confirmation; the pharmacy answered her proposal with a counter.
    // Her two past mornings were accepted too, each with its contract, and the pharmacy confirmed the first one's hours.
    expect(await typesOf(DEMO_ACCOUNTS.farmacistaConCv)).toEqual([
      'application_accepted',
      'application_accepted',
      'application_accepted',
      'contract_to_confirm',
      'contract_to_confirm',
      'contract_to_confirm',
      'hours_answered',
      'invitation_received',
      'proposal_decided',
    ]);
    const invited = await get<TPharmacistInvitation[]>('/api/invitations/mine/', await as(DEMO_ACCOUNTS.farmacistaConCv));
    expect(invited).toMatchObject([
      { status: 'sent', offer: { title: demoDates(new Date()).replacement.title, denominazione_farmacia: 'Farmacia Colombo' } },
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
    const readme = readFileSync(join(import.meta.dirname, '../../../../README.md'), 'utf8').replace(/\s+/g, ' ');
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

describe("the demo's dates and the words that name them, whatever the day of seeding", () => {
  // What a title, a description or an invitation says of its days, written here apart from the seed's own dates.ts.
  const WEEKDAYS: [RegExp, number][] = [
    [/domenic/i, 0],
    [/luned/i, 1],
    [/marted/i, 2],
    [/mercoled/i, 3],
    [/gioved/i, 4],
    [/venerd/i, 5],
    [/sabato/i, 6],
  ];
  const EASTER: Record<number, string> = { 2025: '2025-04-20', 2026: '2026-04-05', 2027: '2027-03-28' };
  const HOLIDAYS: [RegExp, (year: number) => string][] = [
    [/Capodanno/, (y) => `${y}-01-01`],
    [/Epifania/, (y) => `${y}-01-06`],
    [/Pasqua\b/, (y) => EASTER[y] ?? ''],
    [/Pasquetta/, (y) => addDays(EASTER[y] ?? '', 1)],
    [/25 aprile/, (y) => `${y}-04-25`],
    [/1° maggio/, (y) => `${y}-05-01`],
    [/2 giugno/, (y) => `${y}-06-02`],
    [/Ferragosto/, (y) => `${y}-08-15`],
    [/Ognissanti/, (y) => `${y}-11-01`],
    [/Immacolata/, (y) => `${y}-12-08`],
    [/Natale/, (y) => `${y}-12-25`],
    [/Santo Stefano/, (y) => `${y}-12-26`],
  ];
  const SEASONS: [RegExp, number[]][] = [
    [/invernal/i, [12, 1, 2]],
    [/primaveril/i, [3, 4, 5]],
    [/estiv/i, [6, 7, 8]],
    [/autunnal/i, [9, 10, 11]],
  ];
  const MONTHS = [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ];
  const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
  const daysOf = (from: string, to: string) => {
    const days = [from];
    while ((days.at(-1) as string) < to) days.push(addDays(days.at(-1) as string, 1));
    return days;
  };

  /** Every problem of one text with the days it is about: empty when the text says nothing its days belie. */
  function problems(text: string, days: string[]): string[] {
    const found: string[] = [];
    // A weekday named: the one day is that weekday, or a longer span has it ('dal lunedì al venerdì').
    for (const [word, weekday] of WEEKDAYS)
      if (word.test(text) && !days.some((day) => weekdayOf(day) === weekday)) found.push(`${word} on ${days.join(', ')}`);
    if (/domenic/i.test(text) && days.length === 1 && weekdayOf(days[0] as string) !== 0) found.push(`not a Sunday: ${days[0]}`);
    for (const [word, dayIn] of HOLIDAYS)
      if (word.test(text) && !days.some((day) => day === dayIn(Number(day.slice(0, 4)))))
        found.push(`${word} on ${days.join(', ')}`);
    for (const [word, months] of SEASONS)
      if (word.test(text) && !days.every((day) => months.includes(Number(day.slice(5, 7)))))
        found.push(`${word} on ${days[0]}…${days.at(-1)}`);
    // A day written out ('Copertura del 15 agosto') is one of the days.
    for (const [, date, month] of text.matchAll(
      /(\d{1,2})°? (gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)/g,
    )) {
      const monthDay = `${String(MONTHS.indexOf(month as string) + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
      if (!days.some((day) => day.endsWith(monthDay))) found.push(`${date} ${month} on ${days.join(', ')}`);
    }
    return found;
  }

  it.each([
    ['Friday 2 January 2026, the day after Capodanno', '2026-01-02T09:00:00Z'],
    ['Tuesday 7 April 2026, the day after Pasquetta', '2026-04-07T08:00:00Z'],
    ['Thursday 28 May 2026, the replacement in summer', '2026-05-28T08:00:00Z'],
    ['Monday 10 August 2026, the replacement across two seasons', '2026-08-10T08:00:00Z'],
    ['Thursday 29 October 2026, Ferragosto ten weeks back', '2026-10-29T09:00:00Z'],
    ['Saturday 21 November 2026, Ognissanti among Marta’s worked days', '2026-11-21T09:00:00Z'],
    ['Monday 29 March 2027, the day after Easter', '2027-03-29T08:00:00Z'],
  ])(
    'seeded on %s, every offer is on the days its words name, in the past or the future as its story needs',
    async (_day, at) => {
      const now = new Date(at);
      await seedDemoIfEmpty(t.database.db, demoSettingsOf(t.config), now);
      const today = todayInItaly(now);
      const rows = await t.database.db
        .select({ id: offers.id, title: offers.title, description: offers.description, from: offers.dateFrom, to: offers.dateTo })
        .from(offers);
      const dated = rows.filter((row) => row.from && row.to);
      expect(dated.length).toBeGreaterThanOrEqual(9);
      const daysOfOffer = new Map(dated.map((row) => [row.id, daysOf(row.from as string, row.to as string)]));
      for (const row of dated) {
        const days = daysOfOffer.get(row.id) as string[];
        expect(problems(row.title, days), row.title).toEqual([]);
        expect(problems(row.description, days), row.description).toEqual([]);
      }
      for (const invitation of await t.database.db.select().from(invitations))
        expect(problems(invitation.message ?? '', daysOfOffer.get(invitation.offerId) ?? [])).toEqual([]);

      // Each offer keeps its part of the story: the holiday shift and Marta's worked shifts are over, the others to come.
      const byTitle = (title: string | RegExp) =>
        dated.find((row) => (typeof title === 'string' ? row.title === title : title.test(row.title)));
      const holiday = byTitle(/^Turno (di|del|dell')/);
      expect(holiday?.to && holiday.to < today, holiday?.title).toBe(true);
      for (const title of ['Sostituzione per ferie', 'Turno serale', 'Domenica in farmacia'])
        expect((byTitle(title)?.to ?? '') < today, title).toBe(true);
      for (const title of [
        'Turno domenicale',
        /^Sostituzione (estiva|autunnale|invernale|primaverile)$/,
        'Turno notturno',
        'Apertura straordinaria',
      ])
        expect((byTitle(title)?.from ?? '') > today, String(title)).toBe(true);
      // Marta was turned down for the holiday shift because someone else had it: she did not work there that day.
      const worked = ['Sostituzione per ferie', 'Turno serale', 'Domenica in farmacia'].flatMap(
        (title) => daysOfOffer.get(byTitle(title)?.id ?? 0) ?? [],
      );
      expect(worked).not.toContain(holiday?.from);
    },
  );
});

/**
 * Owners approved before their offers go out, and the admin's verification queue (decision 049): what a pending owner's
 * offer is to everyone else, the decision and who may take it, the owner's document and its link.
 */
import { randomBytes } from 'node:crypto';
import { LIMITS, MESSAGES, NOTIFICATION_TEXT } from '@farmaponte/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildOtherInstance, rowsOf, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { notifications, offers, pharmacies, verifications } from '../../db/schema';
import { createAdmin, createOffer, giveCv, makeCvPdf, NO_ALBO_ENTRY, ownerProfile, setVerification } from '../../factories';

const t = useTestApp();

const offerPayload = {
  title: 'Turno di sabato',
  description: 'Banco e dispensazione.',
  salary: '',
  date_from: null,
  date_to: null,
  hourly_pay: 20,
};

const REGISTRY_ROW = {
  codFarmacia: '15001',
  name: 'FARMACIA SAN GIOVANNI',
  address: 'VIA APPIA NUOVA 98',
  cap: '00183',
  comune: 'ROMA',
  siglaProvincia: 'RM',
  partitaIva: '01234567897',
};

/** An owner as a fresh registration leaves them once the e-mail is confirmed: waiting for an admin, tied to the registry row. */
async function pendingOwner(overrides: { cod_farmacia?: string } = {}) {
  const code = overrides.cod_farmacia ?? REGISTRY_ROW.codFarmacia;
  if (code)
    await t.app.db
      .insert(pharmacies)
      .values({ ...REGISTRY_ROW, codFarmacia: code })
      .onConflictDoNothing();
  return signedIn(t.app, 'titolare', { verified: false, emailConfirmed: true, profile: { cod_farmacia: code } });
}

/** A registry code of its own, for a test that approves several owners (one pharmacy has one verified owner). */
let registryCodes = 16_000;
function ownPharmacy() {
  registryCodes += 1;
  return { cod_farmacia: String(registryCodes) };
}

const publish = (owner: TSignedIn, payload: object = offerPayload) =>
  t.app.inject({ method: 'POST', url: '/api/offers/create/', headers: owner.headers, payload });
const decide = (admin: TSignedIn | undefined, userId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/verifications/${userId}/`,
    headers: admin?.headers ?? {},
    payload,
  });
/** The status the owner sees for one of their offers in 'Le mie offerte'. */
const statusOf = async (owner: TSignedIn, offerId: number) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers })).json() as {
      id: number;
      status: string;
    }[]
  ).find((o) => o.id === offerId)?.status;
const queue = (who: TSignedIn | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/verifications/?${query}`, headers: who?.headers ?? {} });
const details = async (who: TSignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: who.headers })).json();
const searchTitles = async (viewer: TSignedIn) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/offers/?region=Lazio', headers: viewer.headers })).json() as {
      title: string;
    }[]
  ).map((o) => o.title);
const mapCount = async (viewer: TSignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/offers/map/?bbox=6,36,19,47.5&zoom=5', headers: viewer.headers })).json().count;
const uploadDocument = (who: TSignedIn | undefined, body: Buffer | string, type = 'application/pdf') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/verification-document/',
    headers: { ...(who?.headers ?? {}), 'content-type': type },
    payload: body,
  });
const download = (url: string) => {
  const link = new URL(url);
  return t.app.inject({ method: 'GET', url: link.pathname + link.search });
};

describe("a pending owner's offers wait for the approval", () => {
  it('are seen by the owner only, then published by the approval, which an alert announces', async () => {
    const owner = await pendingOwner();
    const anna = await signedIn(t.app, 'farmacista');
    await giveCv(t.app.db, anna.user.id);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches/',
      headers: anna.headers,
      payload: { name: 'Lazio', filters: { region: 'Lazio' }, frequency: 'immediate' },
    });
    expect(saved.statusCode).toBe(201);
    t.clock.advance(1000);

    expect(await details(owner)).toMatchObject({ verification: 'pending', verification_reason: null });
    const created = await publish(owner);
    expect(created.statusCode).toBe(201);
    const offerId: number = created.json().id;
    const mine = (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers })).json();
    expect(mine).toMatchObject([{ id: offerId, status: 'pending_verification', is_open: false }]);

    // Nowhere else: the search, the map, the public page, applying, alerts.
    expect(await searchTitles(anna)).toEqual([]);
    expect(await mapCount(anna)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/offers/${offerId}/` })).statusCode).toBe(404);
    const apply = await t.app.inject({
      method: 'POST',
      url: '/api/candidature/',
      headers: anna.headers,
      payload: { offer_id: offerId },
    });
    expect(apply.statusCode).toBe(404);
    expect(await t.app.alerts.runOnce()).toEqual({ searches: 1, alerts: 0 });

    const admin = await signedIn(t.app, 'admin');
    t.clock.advance(1000);
    const approved = await decide(admin, owner.user.id, { decision: 'verified' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: MESSAGES.verificationApproved,
      verification: { user_id: owner.user.id, status: 'verified', reason: null },
    });

    expect(await details(owner)).toMatchObject({ verification: 'verified' });
    expect(await searchTitles(anna)).toEqual(['Turno di sabato']);
    expect(await mapCount(anna)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/offers/${offerId}/` })).statusCode).toBe(200);
    expect(await t.app.alerts.runOnce()).toEqual({ searches: 1, alerts: 1 });
    const [told] = await t.app.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(told).toMatchObject({ type: 'verification_approved', ...NOTIFICATION_TEXT.verification_approved('titolare', 1) });
    await t.app.outbox.runOnce();
    const mails = t.smtp.received.filter((mail) => mail.to.includes(owner.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(NOTIFICATION_TEXT.verification_approved('titolare', 1).body);
    // Approved, the next offer goes out at once.
    expect(await statusOf(owner, (await publish(owner, { ...offerPayload, title: 'Turno di domenica' })).json().id)).toBe('open');
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/candidature/',
      headers: anna.headers,
      payload: { offer_id: offerId },
    });
    expect(applied.statusCode).toBe(201);
  });

  it('stay hidden when the owner is rejected, who reads the reason', async () => {
    const owner = await pendingOwner({ cod_farmacia: '' });
    const anna = await signedIn(t.app, 'farmacista');
    const offerId: number = (await publish(owner)).json().id;
    const admin = await signedIn(t.app, 'admin');
    const reason = 'La partita IVA non corrisponde alla farmacia indicata.';
    const rejected = await decide(admin, owner.user.id, { decision: 'rejected', reason: `  ${reason} ` });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().verification).toMatchObject({ status: 'rejected', reason, registry: null });
    expect(await details(owner)).toMatchObject({ verification: 'rejected', verification_reason: reason });
    expect(await searchTitles(anna)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/offers/${offerId}/` })).statusCode).toBe(404);
    const [told] = await t.app.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(told).toMatchObject({ type: 'verification_rejected', ...NOTIFICATION_TEXT.verification_rejected('titolare') });
    await t.app.outbox.runOnce();
    const [mail] = t.smtp.received.filter((m) => m.to.includes(owner.user.email));
    expect(mail?.text).toContain(reason);
    // A rejected owner's new offers wait too.
    expect(await statusOf(owner, (await publish(owner)).json().id)).toBe('pending_verification');
  });
});

describe('GET /api/admin/verifications/', () => {
  it('lists the requests oldest first, what the owner typed beside the registry row, the document, and the late ones', async () => {
    const first = await pendingOwner();
    const byHand = await pendingOwner({ cod_farmacia: '' });
    const pharmacist = await signedIn(t.app, 'farmacista', {
      profile: { ordine_provincia: 'MI', data_iscrizione_albo: '2018-07-01' },
    });
    await setVerification(t.app.db, pharmacist.user.id, 'pending');
    // The first owner has waited a week: more than one working day.
    await t.app.db
      .update(verifications)
      .set({ requestedAt: new Date(t.clock.now.getTime() - 7 * 86_400_000) })
      .where(eq(verifications.userId, first.user.id));
    expect((await uploadDocument(first, await makeCvPdf('Visura camerale'))).statusCode).toBe(200);
    await signedIn(t.app, 'titolare'); // verified: not in the pending queue

    const admin = await signedIn(t.app, 'admin');
    const page = (await queue(admin)).json();
    expect(page).toMatchObject({ count: 3, late: 1, next: null, previous: null });
    expect(page.results.map((r: { user_id: number }) => r.user_id)).toEqual([first.user.id, byHand.user.id, pharmacist.user.id]);
    const [owner, hand, albo] = page.results;
    expect(owner).toMatchObject({
      email: first.user.email,
      role: 'titolare',
      status: 'pending',
      entered: {
        name: 'Marco',
        surname: 'Rossi',
        denominazione_farmacia: 'FARMACIA SAN GIOVANNI',
        partita_iva: '01234567897',
        cod_farmacia: '15001',
      },
      registry: { cod_farmacia: '15001', name: 'FARMACIA SAN GIOVANNI', comune: 'ROMA', partita_iva: '01234567897' },
    });
    expect(owner.document_url).toMatch(/\/api\/verification-document\/\d+\/\?viewer=\d+&expires=\d+&signature=/);
    expect(owner.late).toBe(true);
    expect(hand).toMatchObject({ registry: null, document_url: null, entered: { cod_farmacia: '' }, late: false });
    expect(albo).toMatchObject({
      role: 'farmacista',
      registry: null,
      entered: { ordine_provincia: 'MI', numero_iscrizione_albo: '12345', data_iscrizione_albo: '2018-07-01' },
    });

    const owners = (await queue(admin, 'role=titolare&page_size=1')).json();
    expect(owners).toMatchObject({ count: 2, late: 1, previous: null });
    expect(owners.next).toBe('/api/admin/verifications/?page=2&page_size=1&status=pending&role=titolare');
    expect((await queue(admin, 'role=farmacista')).json()).toMatchObject({ count: 1, late: 0 });
    expect((await queue(admin, 'status=verified')).json().count).toBeGreaterThanOrEqual(1);
    expect((await queue(admin, 'status=rejected')).json()).toMatchObject({ count: 0, results: [] });
  });

  it('is for admins only: 401 logged out, 403 for an owner or a pharmacist; 400 for a bad filter', async () => {
    expect((await queue(undefined)).statusCode).toBe(401);
    for (const role of ['titolare', 'farmacista'] as const)
      expect((await queue(await signedIn(t.app, role))).statusCode).toBe(403);
    const admin = await signedIn(t.app, 'admin');
    expect((await queue(admin, 'status=maybe')).statusCode).toBe(400);
    expect((await queue(admin, 'role=admin')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/verifications/{user_id}/', () => {
  it('refuses everyone but an admin (401, 403), bad input (400), an unknown user (404) and a decided request (409)', async () => {
    const owner = await pendingOwner();
    expect((await decide(undefined, owner.user.id, { decision: 'verified' })).statusCode).toBe(401);
    for (const role of ['titolare', 'farmacista'] as const)
      expect((await decide(await signedIn(t.app, role), owner.user.id, { decision: 'verified' })).statusCode).toBe(403);
    expect((await decide(owner, owner.user.id, { decision: 'verified' })).statusCode).toBe(403);

    const admin = await signedIn(t.app, 'admin');
    const noReason = await decide(admin, owner.user.id, { decision: 'rejected', reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: MESSAGES.verificationReasonRequired });
    const long = await decide(admin, owner.user.id, {
      decision: 'rejected',
      reason: 'x'.repeat(LIMITS.verificationReasonMaxLength + 1),
    });
    expect(long.json().fields).toEqual({ reason: MESSAGES.verificationReasonTooLong });
    expect((await decide(admin, owner.user.id, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await decide(admin, owner.user.id, {})).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/verifications/abc/', headers: admin.headers, payload: {} }))
        .statusCode,
    ).toBe(400);
    expect(await details(owner)).toMatchObject({ verification: 'pending' });

    const unknown = await decide(admin, 999_999, { decision: 'verified' });
    expect(unknown.statusCode).toBe(404);
    // A user without a request (an admin, a pharmacist who declared nothing): 404 too.
    expect((await decide(admin, admin.user.id, { decision: 'verified' })).statusCode).toBe(404);
    const undeclared = await signedIn(t.app, 'farmacista', { profile: NO_ALBO_ENTRY });
    expect((await decide(admin, undeclared.user.id, { decision: 'verified' })).statusCode).toBe(404);

    expect((await decide(admin, owner.user.id, { decision: 'verified' })).statusCode).toBe(200);
    const again = await decide(admin, owner.user.id, { decision: 'rejected', reason: 'Ci ho ripensato.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'verification_not_pending', message: MESSAGES.verificationNotPending });
    expect(await details(owner)).toMatchObject({ verification: 'verified' });
  });

  it("approves a pharmacist's albo entry until it is due again, and tells them about the albo", async () => {
    const pharmacist = await signedIn(t.app, 'farmacista');
    await setVerification(t.app.db, pharmacist.user.id, 'pending', { at: t.clock.now });
    const admin = await signedIn(t.app, 'admin');
    expect((await decide(admin, pharmacist.user.id, { decision: 'verified' })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(verifications).where(eq(verifications.userId, pharmacist.user.id));
    expect(row?.decidedBy).toBe(admin.user.id);
    expect(row?.recheckAt?.getTime()).toBe(t.clock.now.getTime() + LIMITS.alboRecheckAfterDays * 86_400_000);
    const [told] = await t.app.db.select().from(notifications).where(eq(notifications.userId, pharmacist.user.id));
    expect(told?.title).toBe(NOTIFICATION_TEXT.verification_approved('farmacista', 0).title);
    expect(told?.body).toContain('albo');
  });
});

describe("the owner's document", () => {
  it('stores a PDF in place of the previous one, readable by an admin through a signed link only', async () => {
    const owner = await pendingOwner();
    const first = await makeCvPdf('Visura camerale');
    const stored = await uploadDocument(owner, first);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ message: MESSAGES.verificationDocumentSaved });
    expect((await details(owner)).verification_document_uploaded_at).toBe(stored.json().uploaded_at);
    const second = await makeCvPdf('Autorizzazione');
    expect((await uploadDocument(owner, second)).statusCode).toBe(200);

    const admin = await signedIn(t.app, 'admin');
    const [row] = (await queue(admin)).json().results;
    const file = await download(row.document_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, second)).toBe(0);

    // The link is the admin's: another viewer in it, a changed signature or a non-admin's signed link are refused.
    const link = new URL(row.document_url);
    link.searchParams.set('viewer', String(owner.user.id));
    expect((await download(link.toString())).statusCode).toBe(403);
    const ownerLink = t.app.documentLinks.linkFor(owner.user.id, owner.user.id);
    expect((await download(ownerLink)).statusCode).toBe(403);
    expect((await download(t.app.documentLinks.linkFor(owner.user.id, (await createAdmin(t.app.db)).id))).statusCode).toBe(200);
    t.clock.advance((LIMITS.verificationDocumentLinkTtlSeconds + 1) * 1000);
    expect((await download(row.document_url)).statusCode).toBe(403);
  });

  it('a new document after a rejection sends the request back to the queue, without the old reason', async () => {
    const owner = await pendingOwner();
    const admin = await signedIn(t.app, 'admin');
    t.clock.advance(60_000);
    const rejected = await decide(admin, owner.user.id, { decision: 'rejected', reason: 'La visura è illeggibile.' });
    expect(rejected.statusCode).toBe(200);
    expect(await details(owner)).toMatchObject({ verification: 'rejected', verification_reason: 'La visura è illeggibile.' });
    t.clock.advance(60_000);
    expect((await uploadDocument(owner, await makeCvPdf('Visura leggibile'))).statusCode).toBe(200);
    expect(await details(owner)).toMatchObject({ verification: 'pending', verification_reason: null });
    const waiting = (await queue(admin, 'status=pending&role=titolare')).json().results;
    expect(waiting).toEqual([expect.objectContaining({ user_id: owner.user.id, requested_at: t.clock.now.toISOString() })]);
    // And the admin can decide it again.
    expect((await decide(admin, owner.user.id, { decision: 'verified' })).statusCode).toBe(200);
    // A verified owner's new document changes nothing.
    expect((await uploadDocument(owner, await makeCvPdf('Altra visura'))).statusCode).toBe(200);
    expect((await details(owner)).verification).toBe('verified');
  });

  it('refuses what is not a PDF or too large (400, 415), and anyone but an owner (401, 403), keeping the stored one', async () => {
    const owner = await pendingOwner();
    const pdf = await makeCvPdf('Visura camerale');
    expect((await uploadDocument(owner, pdf)).statusCode).toBe(200);
    const before = (await details(owner)).verification_document_uploaded_at;

    const png = await uploadDocument(owner, randomBytes(2000));
    expect(png.statusCode).toBe(400);
    expect(png.json()).toMatchObject({ code: 'invalid_pdf', message: MESSAGES.invalidPdf });
    const big = Buffer.concat([pdf, Buffer.alloc(LIMITS.cvMaxBytes)]);
    const tooBig = await uploadDocument(owner, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'pdf_too_large', message: MESSAGES.verificationDocumentTooLarge });
    expect(
      (await uploadDocument(owner, JSON.stringify({ pdf_file: pdf.toString('base64') }), 'application/json')).statusCode,
    ).toBe(415);
    expect((await uploadDocument(owner, Buffer.alloc(LIMITS.cvBodyLimitBytes + 1))).statusCode).toBe(413);

    expect((await uploadDocument(undefined, pdf)).statusCode).toBe(401);
    for (const role of ['farmacista', 'admin'] as const)
      expect((await uploadDocument(await signedIn(t.app, role), pdf)).statusCode).toBe(403);
    expect((await details(owner)).verification_document_uploaded_at).toBe(before);
  });
});

describe('races', () => {
  it('two admins deciding at once: one decision is kept, the other is told it came too late (409)', async () => {
    const admins = [await signedIn(t.app, 'admin'), await signedIn(t.app, 'admin')] as const;
    const other = await buildOtherInstance(t);
    try {
      for (let round = 0; round < 5; round++) {
        const owner = await pendingOwner(ownPharmacy());
        await publish(owner);
        const answers = await Promise.all([
          t.app.inject({
            method: 'POST',
            url: `/api/admin/verifications/${owner.user.id}/`,
            headers: admins[0].headers,
            payload: { decision: 'verified' },
          }),
          other.inject({
            method: 'POST',
            url: `/api/admin/verifications/${owner.user.id}/`,
            headers: admins[1].headers,
            payload: { decision: 'rejected', reason: 'Documento illeggibile.' },
          }),
        ]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const kept = answers.find((a) => a.statusCode === 200)?.json().verification.status;
        const [waiting] = await t.app.db
          .select({ publishedAt: offers.publishedAt })
          .from(offers)
          .where(eq(offers.ownerId, owner.user.id));
        expect(waiting?.publishedAt != null).toBe(kept === 'verified');
        const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
        expect(told).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });

  it('an approval racing the owner publishing: every offer ends up published', async () => {
    const admin = await signedIn(t.app, 'admin');
    for (let round = 0; round < 5; round++) {
      const owner = await pendingOwner(ownPharmacy());
      const answers = await Promise.all([
        publish(owner, { ...offerPayload, title: 'Prima' }),
        decide(admin, owner.user.id, { decision: 'verified' }),
        publish(owner, { ...offerPayload, title: 'Seconda' }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 200, 201]);
      const rows = await t.app.db
        .select({ publishedAt: offers.publishedAt })
        .from(offers)
        .where(eq(offers.ownerId, owner.user.id));
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.publishedAt !== null)).toBe(true);
    }
  });
});

describe('a pharmacy claimed twice', () => {
  it('a pharmacy tied to a verified owner is refused to anyone else, at registration and in the profile, changing nothing', async () => {
    const first = await pendingOwner();
    const admin = await signedIn(t.app, 'admin');
    expect((await decide(admin, first.user.id, { decision: 'verified' })).statusCode).toBe(200);

    const registration = {
      username: 'secondo.titolare@example.it',
      password: 'password-sicura',
      profile: {
        userRole: 'titolare',
        name: 'Bruno',
        surname: 'Sala',
        dob: '1980-02-02',
        telephone: '0698765432',
        privacyPolicyConsent: true,
        cod_farmacia: REGISTRY_ROW.codFarmacia,
        partita_iva: REGISTRY_ROW.partitaIva,
      },
    };
    const refused = await t.app.inject({ method: 'POST', url: '/api/user/register/', payload: registration });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'pharmacy_already_claimed',
      message: MESSAGES.pharmacyAlreadyClaimed,
      fields: { cod_farmacia: MESSAGES.pharmacyAlreadyClaimed },
    });
    expect(refused.json().message).toContain('info@farmaponte.it');
    const [created] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from users where email = 'secondo.titolare@example.it'`),
    );
    expect(Number(created?.n)).toBe(0);

    // A waiting owner who moves to that pharmacy is refused too; the verified owner's own save is not.
    const other = await pendingOwner(ownPharmacy());
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers: other.headers,
      payload: { profile: { ...ownerProfile(), cod_farmacia: REGISTRY_ROW.codFarmacia } },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('pharmacy_already_claimed');
    expect((await details(other)).profile.cod_farmacia).not.toBe(REGISTRY_ROW.codFarmacia);
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers: first.headers,
      payload: { profile: { ...ownerProfile(), cod_farmacia: REGISTRY_ROW.codFarmacia } },
    });
    expect(own.statusCode).toBe(200);
  });

  it('two owners waiting for the same pharmacy: the queue names the other on each, and only one is approved', async () => {
    const admin = await signedIn(t.app, 'admin');
    const claim = ownPharmacy();
    const anna = await pendingOwner(claim);
    const bruno = await pendingOwner(claim);
    const rows = (await queue(admin, 'status=pending&role=titolare')).json().results as {
      user_id: number;
      other_claims: { user_id: number; email: string; status: string }[];
    }[];
    const of = (id: number) => rows.find((row) => row.user_id === id)?.other_claims;
    expect(of(anna.user.id)).toEqual([
      expect.objectContaining({ user_id: bruno.user.id, email: bruno.user.email, status: 'pending' }),
    ]);
    expect(of(bruno.user.id)).toEqual([
      expect.objectContaining({ user_id: anna.user.id, email: anna.user.email, status: 'pending' }),
    ]);

    expect((await decide(admin, anna.user.id, { decision: 'verified' })).statusCode).toBe(200);
    const second = await decide(admin, bruno.user.id, { decision: 'verified' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'pharmacy_already_claimed', message: MESSAGES.pharmacyClaimedByVerifiedOwner });
    expect((await details(bruno)).verification).toBe('pending');
    // Rejecting the double claim is still possible, and the queue shows whose the pharmacy is.
    const shown = (await queue(admin, 'status=pending&role=titolare'))
      .json()
      .results.find((row: { user_id: number }) => row.user_id === bruno.user.id);
    expect(shown.other_claims).toEqual([expect.objectContaining({ user_id: anna.user.id, status: 'verified' })]);
    expect(
      (await decide(admin, bruno.user.id, { decision: 'rejected', reason: 'Farmacia di un altro titolare.' })).statusCode,
    ).toBe(200);
  });

  it('two admins approving two claimants of one pharmacy at once: one is approved, the other is told (409)', async () => {
    const admins = [await signedIn(t.app, 'admin'), await signedIn(t.app, 'admin')] as const;
    const other = await buildOtherInstance(t);
    try {
      for (let round = 0; round < 5; round++) {
        const claim = ownPharmacy();
        const owners = [await pendingOwner(claim), await pendingOwner(claim)] as const;
        const answers = await Promise.all([
          decide(admins[0], owners[0].user.id, { decision: 'verified' }),
          other.inject({
            method: 'POST',
            url: `/api/admin/verifications/${owners[1].user.id}/`,
            headers: admins[1].headers,
            payload: { decision: 'verified' },
          }),
        ]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const verified = rowsOf<{ n: number }>(
          await t.app.db.execute(
            sql`select count(*)::int as n from verifications v join profiles p using (user_id) where p.cod_farmacia = ${claim.cod_farmacia} and v.status = 'verified'`,
          ),
        );
        expect(Number(verified[0]?.n)).toBe(1);
      }
    } finally {
      await other.close();
    }
  });
});

describe('a factory owner', () => {
  it('is verified and publishes at once; createOffer can make a waiting offer', async () => {
    const owner = await signedIn(t.app, 'titolare');
    expect(await details(owner)).toMatchObject({ verification: 'verified' });
    expect(await statusOf(owner, (await publish(owner)).json().id)).toBe('open');
    const waiting = await createOffer(t.app.db, owner.user.id, { title: 'In attesa', publishedAt: null });
    const [row] = await t.app.db.select({ publishedAt: offers.publishedAt }).from(offers).where(eq(offers.id, waiting.id));
    expect(row?.publishedAt).toBeNull();
  });
});

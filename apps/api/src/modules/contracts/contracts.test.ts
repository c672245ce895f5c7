/**
 * The contratto d'opera of a freelance engagement (decision 093): written with the acceptance, the same stored bytes
 * for both sides, confirmed by each with the document's SHA-256, a new version on a change that both confirm again,
 * and only ever shown to its parties.
 */
import { createHash } from 'node:crypto';
import { NOTIFICATION_TEXT } from '@farmaponte/shared';
import { CONTRACT_MESSAGES, CONTRACT_TEXT, type TContract } from '@farmaponte/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractCalls, contractScenario, freelanceApplication } from '../../../test/contracts';
import { login, signedIn, useTestApp } from '../../../test/helpers';
import { pdfPages } from '../../../test/pdf-text';
import { auditLog, contracts, notifications } from '../../db/schema';
import { createInvitation, createStaffMember, giveCv } from '../../factories';
import { contractPdf } from './pdf';

const t = useTestApp();
const calls = contractCalls(t);
const sha = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

async function accepted() {
  const scenario = await contractScenario(t);
  const answer = await calls.accept(scenario.owner, scenario.application.id);
  expect(answer.statusCode).toBe(200);
  const contract = (await calls.contract(scenario.pharmacist, scenario.application.id)).json() as TContract;
  return { ...scenario, contract, acceptAnswer: answer.json() };
}

const noticesOf = (userId: number, type: string) =>
  t.database.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

const confirmations = () =>
  t.database.db
    .select({ details: auditLog.details, actorId: auditLog.actorId })
    .from(auditLog)
    .where(eq(auditLog.action, 'contract.confirm'));

describe('the contract written with a freelance acceptance', () => {
  it('has version 1 with the parties, the days and the fee: 3 days × 4.5 h × 30 €/h = 405 €', async () => {
    const { contract, pharmacist } = await accepted();
    expect(contract).toMatchObject({
      version: 1,
      status: 'da_confermare',
      owner_confirmation: null,
      pharmacist_confirmation: null,
    });
    expect(contract.pdf_url).toBe(`/api/contracts/${contract.id}/pdf/`);
    const { terms } = contract;
    expect(terms.organisation).toMatchObject({
      name: 'Farmacia Centrale S.n.c.',
      partita_iva: '01234567897',
      pec: 'centrale@pec.example.it',
    });
    expect(terms.pharmacy).toEqual({ name: 'Farmacia Centrale', address: 'Via Po 1', comune: 'Torino' });
    expect(terms.pharmacist).toMatchObject({
      name: 'Giulia',
      codice_fiscale: 'BNCGLI92D55A794X',
      partita_iva: '12345678903',
      tax_regime: 'forfettario',
      albo: { number: '12345', ordine: 'MI', date: '2017-07-10' },
      insurance: { company: 'Assicura Farmacisti SpA', policy_number: 'RC-2030-001', cover: 1_000_000, expires_on: '2031-01-31' },
    });
    // 09:00–13:30 is 270 minutes a day; 3 days are 810 minutes; 4.5 h × 30 € = 135 € a day, 405 € in all.
    expect(terms.shift).toMatchObject({
      date_from: '2030-07-01',
      date_to: '2030-07-03',
      days: 3,
      minutes_per_day: 270,
      total_minutes: 810,
    });
    expect(terms.fee).toEqual({ hourly: 30, expenses: 0, total: 405 });
    expect(terms.cancellation).toEqual({ notice_hours: 48, late_share: 0.5 });
    // Kept ten years from the last day.
    expect(terms.retention.keep_until).toBe('2040-07-03');
    expect(terms.template.version).toBe('contratto-opera-2026-11');
    expect(await noticesOf(pharmacist.user.id, 'contract_to_confirm')).toEqual([
      NOTIFICATION_TEXT.contract_to_confirm('Farmacia Centrale', 'Turni di luglio'),
    ]);
  });

  it('an offer without dates or hours: the fee per hour only, no total', async () => {
    const scenario = await contractScenario(t, {
      dateFrom: null as never,
      dateTo: null as never,
      startTime: null as never,
      endTime: null as never,
    });
    expect((await calls.accept(scenario.owner, scenario.application.id)).statusCode).toBe(200);
    const { terms } = (await calls.contract(scenario.owner, scenario.application.id)).json() as TContract;
    expect(terms.fee).toEqual({ hourly: 30, expenses: 0, total: null });
    expect(terms.shift).toMatchObject({ days: 0, minutes_per_day: null, total_minutes: null });
    // Ten years from the day it was written.
    expect(terms.retention.keep_until).toBe('2040-06-20');
  });

  it('a pharmacist accepting an invitation in libera professione gets the contract too', async () => {
    const { offer, pharmacist, application } = await contractScenario(t);
    await giveCv(t.database.db, pharmacist.user.id);
    const invitation = await createInvitation(t.database.db, offer, pharmacist.user.id, { createdAt: t.clock.now });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${invitation.id}/accept/`,
      headers: pharmacist.headers,
      payload: { legal_form: 'libera_professione' },
    });
    expect(accepted.statusCode).toBe(200);
    const contract = (await calls.contract(pharmacist, application.id)).json() as TContract;
    expect(contract).toMatchObject({ version: 1, status: 'da_confermare', terms: { fee: { total: 405 } } });
  });

  it('an employee acceptance writes none', async () => {
    const { owner, offer } = await contractScenario(t);
    const other = await signedIn(t.app, 'farmacista');
    const application = await freelanceApplication(t, offer.id, other, 'dipendente');
    const answer = await calls.accept(owner, application.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().reclassification).toBeUndefined();
    const missing = await calls.contract(owner, application.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'contract_not_found', message: CONTRACT_MESSAGES.notFound });
    expect(await t.database.db.select().from(contracts)).toHaveLength(0);
  });

  it('the PDF is the same stored bytes for both sides, its SHA-256 in the header, in Italian', async () => {
    const { contract, owner, pharmacist, application } = await accepted();
    const mine = await calls.pdf(pharmacist, contract.id);
    const theirs = await calls.pdf(owner, contract.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="${CONTRACT_TEXT.fileName(application.id, 1)}"`);
    expect(mine.rawPayload.equals(theirs.rawPayload)).toBe(true);
    expect(mine.headers['x-content-sha256']).toBe(contract.sha256);
    expect(sha(mine.rawPayload)).toBe(contract.sha256);
    const text = (await pdfPages(mine.rawPayload)).flat().join(' ');
    expect(text).toContain("Contratto d'opera professionale (art. 2222 c.c.)");
    expect(text).toContain('per un totale di 405,00 €');
    expect(text).toContain('preavviso di almeno 48 ore');
    expect(text).toContain('50% del compenso dei turni annullati');
    expect(text).toContain('art. 2227 c.c.');
    expect(text).toContain('libero di prestare la propria attività per altri committenti');
    expect(text).not.toContain('Confermato in Farmaponte');
    // Made again from the same terms and instant, the document is the same bytes.
    const again = await contractPdf(contract.terms, 1, new Date(contract.created_at));
    expect(sha(Buffer.from(again))).toBe(contract.sha256);
  });
});

describe('confirming a contract', () => {
  it('both sides confirm: confermato_da_entrambi, one audit entry each, both told once', async () => {
    const { contract, owner, pharmacist } = await accepted();
    const first = await calls.confirm(pharmacist, contract.id, contract.sha256);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'da_confermare',
      owner_confirmation: null,
      message: CONTRACT_MESSAGES.confirmed,
    });
    expect(first.json().pharmacist_confirmation.at).toBe(t.clock.now.toISOString());
    const second = await calls.confirm(owner, contract.id, contract.sha256.toUpperCase());
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ status: 'confermato_da_entrambi', owner_confirmation: { by_name: 'Marco Rossi' } });
    // Confirming again keeps the first confirmation and writes nothing.
    t.clock.advance(60_000);
    const again = await calls.confirm(pharmacist, contract.id, contract.sha256);
    expect(again.json().pharmacist_confirmation).toEqual(first.json().pharmacist_confirmation);
    const entries = await confirmations();
    expect(entries.map((e) => e.details)).toEqual([
      expect.objectContaining({ side: 'pharmacist', version: 1, sha256: contract.sha256 }),
      expect.objectContaining({ side: 'owner', version: 1, sha256: contract.sha256 }),
    ]);
    expect(entries.map((e) => e.actorId)).toEqual([pharmacist.user.id, owner.user.id]);
    const told = NOTIFICATION_TEXT.contract_confirmed('Turni di luglio', 1);
    expect(await noticesOf(pharmacist.user.id, 'contract_confirmed')).toEqual([told]);
    expect(await noticesOf(owner.user.id, 'contract_confirmed')).toEqual([told]);
  });

  it('another document’s hash is 409 and changes nothing; a malformed one is 400', async () => {
    const { contract, pharmacist } = await accepted();
    const wrong = await calls.confirm(pharmacist, contract.id, sha('un altro documento'));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'contract_hash_mismatch', message: CONTRACT_MESSAGES.hashMismatch });
    const malformed = await calls.confirm(pharmacist, contract.id, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.sha256).toBe(CONTRACT_MESSAGES.hashInvalid);
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.farmacistaConfirmedAt).toBeNull();
    expect(await confirmations()).toHaveLength(0);
  });
});

describe('a cancelled engagement', () => {
  it('keeps its contract readable as annullato, and neither side may confirm or change it any more', async () => {
    const { contract, owner, pharmacist, application } = await accepted();
    expect((await calls.confirm(owner, contract.id, contract.sha256)).statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/titolare/candidatures/${application.id}/decision/`,
      headers: owner.headers,
      payload: { decision: 'rejected', message: 'Turno annullato, ci scusiamo.' },
    });
    expect(cancelled.statusCode).toBe(200);
    const read = await calls.contract(pharmacist, application.id);
    expect(read.json()).toMatchObject({ status: 'annullato', version: 1 });
    const refused = await calls.confirm(pharmacist, contract.id, contract.sha256);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'engagement_cancelled', message: CONTRACT_MESSAGES.engagementCancelled });
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.farmacistaConfirmedAt).toBeNull();
    const change = await calls.change(owner, application.id, { hourly_fee: 40 });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ code: 'engagement_cancelled' });
    // The document itself stays with both parties.
    expect((await calls.pdf(pharmacist, contract.id)).statusCode).toBe(200);
  });
});

describe('a new version', () => {
  it('PUT writes version 2: the old one superseded and not confirmable, the pharmacist told', async () => {
    const { contract, owner, pharmacist, application } = await accepted();
    const changed = await calls.change(owner, application.id, { hourly_fee: '32,50', expenses: 20, end_time: '14:00' });
    expect(changed.statusCode).toBe(200);
    const v2 = changed.json() as TContract;
    // 09:00–14:00 is 5 h; 5 h × 32.50 € = 162.50 € a day, × 3 days = 487.50 €.
    expect(v2).toMatchObject({ version: 2, status: 'da_confermare' });
    expect(v2.terms.fee).toEqual({ hourly: 32.5, expenses: 20, total: 487.5 });
    expect(v2.terms.shift).toMatchObject({ start_time: '09:00', end_time: '14:00', total_minutes: 900 });
    expect(v2.versions.map((v) => [v.version, v.superseded_at === null])).toEqual([
      [1, false],
      [2, true],
    ]);
    const late = await calls.confirm(pharmacist, contract.id, contract.sha256);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'contract_superseded', message: CONTRACT_MESSAGES.superseded });
    expect((await calls.confirm(pharmacist, v2.id, v2.sha256)).statusCode).toBe(200);
    expect(await noticesOf(pharmacist.user.id, 'contract_updated')).toEqual([
      NOTIFICATION_TEXT.contract_updated('Farmacia Centrale', 'Turni di luglio', 2),
    ]);
    // The old version's PDF is still there for both.
    expect((await calls.pdf(pharmacist, contract.id)).headers['x-content-sha256']).toBe(contract.sha256);
  });

  it('a change after both confirmed starts again unconfirmed; the old version keeps its confirmations', async () => {
    const { contract, owner, pharmacist, application } = await accepted();
    await calls.confirm(pharmacist, contract.id, contract.sha256);
    await calls.confirm(owner, contract.id, contract.sha256);
    const v2 = (await calls.change(owner, application.id, { start_time: '8:30' })).json() as TContract;
    expect(v2).toMatchObject({ version: 2, status: 'da_confermare', owner_confirmation: null, pharmacist_confirmation: null });
    expect(v2.terms.shift.start_time).toBe('08:30');
    const v1 = v2.versions.find((v) => v.version === 1);
    expect(v1?.owner_confirmed_at).not.toBeNull();
    expect(v1?.pharmacist_confirmed_at).not.toBeNull();
  });

  it('PUT without a change, or with a bad time, is 400 and writes nothing', async () => {
    const { owner, application } = await accepted();
    const empty = await calls.change(owner, application.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CONTRACT_MESSAGES.noChange);
    const badTime = await calls.change(owner, application.id, { start_time: '25:00' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().fields.start_time).toBe(CONTRACT_MESSAGES.timeInvalid);
    expect(await t.database.db.select({ id: contracts.id }).from(contracts)).toHaveLength(1);
  });

  it('an offer edit that changes the pay writes a new version; one that changes only the title does not', async () => {
    const { owner, offer, application, pharmacist } = await accepted();
    const edit = (body: object) => calls.editOffer(owner, offer.id, body);
    expect((await edit({ title: 'Turni di luglio (centro)' })).statusCode).toBe(200);
    expect(((await calls.contract(pharmacist, application.id)).json() as TContract).version).toBe(1);
    expect((await edit({ hourly_pay: 28, date_to: '2030-07-02' })).statusCode).toBe(200);
    const v2 = (await calls.contract(pharmacist, application.id)).json() as TContract;
    // 2 days × 4.5 h × 28 € = 252 €.
    expect(v2).toMatchObject({ version: 2, terms: { fee: { hourly: 28, total: 252 }, shift: { days: 2 } } });
  });
});

describe('who may see and confirm a contract', () => {
  it('consultazione reads but may not confirm or change (403); another pharmacy and another pharmacist get 404; anonymous 401', async () => {
    const { contract, owner, application, organisationId } = await accepted();
    const reader = await createStaffMember(t.database.db, organisationId, 'consultazione', [owner.user.id]);
    const readerTokens = await login(t.app, reader.email, reader.password);
    const consultazione = { authorization: `Bearer ${readerTokens.access}` };
    expect((await calls.contract(consultazione, application.id)).statusCode).toBe(200);
    expect((await calls.pdf(consultazione, contract.id)).statusCode).toBe(200);
    const refused = await calls.confirm(consultazione, contract.id, contract.sha256);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('read_only_member');
    expect((await calls.change(consultazione, application.id, { expenses: 5 })).json().code).toBe('read_only_member');

    const otherOwner = await signedIn(t.app, 'titolare');
    const otherPharmacist = await signedIn(t.app, 'farmacista');
    for (const stranger of [otherOwner, otherPharmacist]) {
      expect((await calls.contract(stranger, application.id)).statusCode).toBe(404);
      expect((await calls.pdf(stranger, contract.id)).statusCode).toBe(404);
      expect((await calls.confirm(stranger, contract.id, contract.sha256)).statusCode).toBe(404);
    }
    expect((await calls.change(otherOwner, application.id, { expenses: 5 })).statusCode).toBe(404);
    expect((await calls.change(otherPharmacist, application.id, { expenses: 5 })).statusCode).toBe(403);
    for (const answer of [
      await calls.contract(undefined, application.id),
      await calls.pdf(undefined, contract.id),
      await calls.confirm(undefined, contract.id, contract.sha256),
      await calls.change(undefined, application.id, { expenses: 5 }),
    ])
      expect(answer.statusCode).toBe(401);
    expect(await confirmations()).toHaveLength(0);
  });

  it('a responsabile of the pharmacy confirms for it, named on the confirmation', async () => {
    const { contract, owner, organisationId } = await accepted();
    const person = await createStaffMember(t.database.db, organisationId, 'responsabile', [owner.user.id], {
      name: 'Paolo',
      surname: 'Verdi',
    });
    const tokens = await login(t.app, person.email, person.password);
    const answer = await calls.confirm({ authorization: `Bearer ${tokens.access}` }, contract.id, contract.sha256);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().owner_confirmation.by_name).toBe('Paolo Verdi');
    expect((await confirmations())[0]?.actorId).toBe(person.id);
  });

  it('after the pharmacist erased her account the pharmacy still downloads the contract, until keep_until', async () => {
    const { contract, owner, pharmacist } = await accepted();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: pharmacist.headers })).statusCode).toBe(
      204,
    );
    const [kept] = await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(kept).toMatchObject({ farmacistaId: null, applicationId: null });
    const pdf = await calls.pdf(owner, contract.id);
    expect(pdf.statusCode).toBe(200);
    expect(sha(pdf.rawPayload)).toBe(contract.sha256);
    // The terms still name her.
    expect(kept?.terms).toMatchObject({ pharmacist: { surname: 'Bianchi' } });
    // The day after keep_until (logged in again: ten years later the session is long gone).
    t.clock.now = new Date('2040-07-04T10:00:00Z');
    const later = await login(t.app, owner.user.email, owner.user.password);
    expect((await calls.pdf({ authorization: `Bearer ${later.access}` }, contract.id)).statusCode).toBe(404);
  });
});

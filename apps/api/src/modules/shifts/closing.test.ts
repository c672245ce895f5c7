/**
 * Hours that close (decision 095): each worked shift's hours state by the pharmacy's answer and the clock, confirmed
 * automatically 14 + 3 days after the last day; the owner's confirmation of hours never corrected or disputed before;
 * nothing answered any more once confirmed by the clock or invoiced.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acceptedShift, closingCalls, closingPeople, invoiceShift } from '../../../test/expenses';
import { signedInAgain, type TSignedIn, useTestApp } from '../../../test/helpers';
import { organisationOf, signedInMember } from '../../../test/organisation-members';
import { auditLog } from '../../db/schema';

const t = useTestApp();
const call = closingCalls(t);

/** Noon in Rome of an Italian day. */
const noonOf = (day: string) => new Date(`${day}T10:00:00Z`);
const EARLY_JUNE = { dateFrom: '2030-06-03', dateTo: '2030-06-05' };

/** The clock moved to `at`, and each of `people` logged in again (their tokens expired meanwhile). */
async function later<T extends Record<string, TSignedIn>>(at: Date, people: T): Promise<T> {
  t.clock.now = at;
  const again = await Promise.all(Object.entries(people).map(async ([key, who]) => [key, await signedInAgain(t.app, who)]));
  return Object.fromEntries(again) as T;
}

describe('hours that close', () => {
  it('in corso, da confermare, contestate; confirmed by the clock on the last day + 17 unless disputed', async () => {
    t.clock.now = noonOf('2030-06-10');
    let { owner, anna } = await closingPeople(t);
    const untouched = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const corrected = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const disputed = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const closingOf = async (id: number) =>
      (await call.month(anna, 2030, 6)).find((shift) => shift.application_id === id)?.closing;

    expect(await closingOf(untouched)).toEqual({
      state: 'in_corso',
      confirmed_by: null,
      confirms_on: '2030-06-22',
      invoiceable: false,
      legal_form: 'libera_professione',
      expenses: [],
      invoice: null,
    });
    for (const id of [corrected, disputed])
      expect(
        (await call.correct(anna, id, { days: [{ date: '2030-06-04', start_time: '09:00', end_time: '14:00' }] })).statusCode,
      ).toBe(200);
    expect((await closingOf(corrected))?.state).toBe('da_confermare');
    expect((await call.review(owner, disputed, { status: 'disputed', note: 'Alle 13 eri già uscita.' })).statusCode).toBe(200);
    expect((await closingOf(disputed))?.state).toBe('contestate');

    // The day before: still open. Then, on the 22nd (Rome), what nobody answered is confirmed; a dispute stands.
    ({ owner, anna } = await later(new Date('2030-06-21T21:59:00Z'), { owner, anna }));
    expect((await closingOf(corrected))?.state).toBe('da_confermare');
    ({ owner, anna } = await later(new Date('2030-06-21T22:00:00Z'), { owner, anna }));
    expect(await closingOf(untouched)).toMatchObject({ state: 'confermate', confirmed_by: 'automatica', invoiceable: true });
    expect(await closingOf(corrected)).toMatchObject({ state: 'confermate', confirmed_by: 'automatica', invoiceable: true });
    expect(await closingOf(disputed)).toMatchObject({ state: 'contestate', confirmed_by: null, invoiceable: false });
    const late = await call.review(owner, corrected, { status: 'disputed', note: 'Troppo tardi?' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'hours_closed',
      message: 'Le ore di questo turno sono già confermate: non si possono più confermare o contestare.',
    });
    // The owner may still settle a dispute by confirming it.
    const settled = await call.review(owner, disputed, { status: 'confirmed' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().shift.closing).toMatchObject({ state: 'confermate', confirmed_by: 'titolare', invoiceable: true });
  });

  it('the owner confirms hours never corrected once the last day has come, not before; never disputes them', async () => {
    t.clock.now = noonOf('2030-06-04');
    let { owner, anna } = await closingPeople(t);
    const freelance = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const employee = await acceptedShift(t, owner, anna, EARLY_JUNE, 'dipendente');
    const early = await call.review(owner, freelance, { status: 'confirmed' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'shift_not_over',
      message: "Le ore si confermano dopo l'ultimo giorno del turno.",
    });

    ({ owner, anna } = await later(noonOf('2030-06-05'), { owner, anna }));
    expect((await call.review(owner, freelance, { status: 'disputed', note: 'Nulla da dire' })).json().code).toBe(
      'hours_not_submitted',
    );
    const confirmed = await call.review(owner, freelance, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe('Ore confermate.');
    expect(confirmed.json().shift).toMatchObject({
      review: null,
      closing: { state: 'confermate', confirmed_by: 'titolare', invoiceable: true, legal_form: 'libera_professione' },
    });
    expect((await call.review(owner, freelance, { status: 'confirmed' })).json().code).toBe('hours_already_answered');
    const employeeConfirmed = await call.review(owner, employee, { status: 'confirmed' });
    expect(employeeConfirmed.json().shift.closing).toMatchObject({
      state: 'confermate',
      invoiceable: false,
      legal_form: 'dipendente',
    });
    // Who answered, for the pharmacy's audit log.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'hours.review'), eq(auditLog.targetId, String(freelance))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: owner.user.id, targetUserId: anna.user.id, details: { status: 'confirmed' } });

    // She corrects within her window after all: the owner answers again.
    const again = await call.correct(anna, freelance, { days: [{ date: '2030-06-05', start_time: '09:00', end_time: '14:00' }] });
    expect(again.json().shift.closing.state).toBe('da_confermare');
  });

  it('an invoiced shift: its invoice shown, no answer (hours_closed) and no correction (shift_invoiced)', async () => {
    t.clock.now = noonOf('2030-06-10');
    const { owner, anna } = await closingPeople(t);
    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    await call.correct(anna, id, { days: [{ date: '2030-06-04', start_time: '09:00', end_time: '14:00' }] });
    expect((await call.review(owner, id, { status: 'confirmed' })).statusCode).toBe(200);
    const invoiceId = await invoiceShift(t, id, anna.user.id);

    const [shift] = await call.month(owner, 2030, 6, 'owner');
    expect(shift?.closing).toMatchObject({
      state: 'confermate',
      invoiceable: false,
      invoice: { id: invoiceId, number: '1/FP', status: 'emessa' },
    });
    const answer = await call.review(owner, id, { status: 'confirmed' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('hours_closed');
    const correction = await call.correct(anna, id, { days: [{ date: '2030-06-04', start_time: '09:00', end_time: '12:00' }] });
    expect(correction.statusCode).toBe(409);
    expect(correction.json()).toMatchObject({
      code: 'shift_invoiced',
      message: 'Questo turno è già in una fattura: per cambiarne ore o spese serve prima una nota di credito.',
    });
    expect((await call.month(anna, 2030, 6))[0]?.days.find((d) => d.date === '2030-06-04')?.end_time).toBe('14:00');
  });

  it('a consultazione member may not answer (403), another owner 404, a pharmacist 403, logged out 401', async () => {
    t.clock.now = noonOf('2030-06-10');
    const { owner, anna } = await closingPeople(t);
    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const reader = await signedInMember(t.app, await organisationOf(t.database.db, owner.user.id), 'consultazione', [
      owner.user.id,
    ]);
    const other = (await closingPeople(t)).owner;
    const refused = await call.review(reader, id, { status: 'confirmed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('read_only_member');
    expect((await call.review(other, id, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await call.review(anna, id, { status: 'confirmed' })).statusCode).toBe(403);
    expect((await call.review(undefined, id, { status: 'confirmed' })).statusCode).toBe(401);
    // The reader still sees the shift's closing.
    const seen = await t.app.inject({ method: 'GET', url: '/api/shifts/owner/?year=2030&month=6', headers: reader.headers });
    expect(seen.json().shifts[0].closing.state).toBe('in_corso');
  });
});

/**
 * Expenses under requests at once (decision 095): each write locks the shift (offer, then application), then the
 * expense, so they take turns: never a deadlock, never a 500. Meant for PostgreSQL, where the requests truly overlap;
 * PGlite runs them one after the other.
 */
import { describe, expect, it } from 'vitest';
import { acceptedShift, closingCalls, closingPeople, EXPENSE } from '../../../test/expenses';
import { useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = closingCalls(t);
const EARLY_JUNE = { dateFrom: '2030-06-03', dateTo: '2030-06-05' };

describe('expenses under two requests at once', () => {
  it('two answers to one expense: one wins, the other is told it was answered', async () => {
    t.clock.now = new Date('2030-06-10T10:00:00Z');
    const { owner, anna } = await closingPeople(t);
    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    for (let round = 0; round < 5; round++) {
      const expense = (await call.claim(anna, id)).json().expense.id as number;
      const answers = await Promise.all([
        call.answer(owner, expense, { status: 'confermata' }),
        call.answer(owner, expense, { status: 'contestata', note: 'Non era previsto.' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409);
      expect(loser?.json().code).toBe('expense_answered');
      const winner = answers.find((a) => a.statusCode === 200)?.json().expense.status;
      const [shift] = await call.month(anna, 2030, 6);
      expect(shift?.closing.expenses.find((e) => e.id === expense)?.status).toBe(winner);
    }
  });

  it('a claim and the owner confirming the hours at once: both done, in either order', async () => {
    t.clock.now = new Date('2030-06-10T10:00:00Z');
    const { owner, anna } = await closingPeople(t);
    for (let round = 0; round < 5; round++) {
      const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
      const [claimed, confirmed] = await Promise.all([
        call.claim(anna, id, { ...EXPENSE, amount: String(round + 5) }),
        call.review(owner, id, { status: 'confirmed' }),
      ]);
      expect(claimed.statusCode, claimed.body).toBe(201);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const shift = (await call.month(anna, 2030, 6)).find((s) => s.application_id === id);
      // The hours are confirmed, the expense waits for its own answer: not invoiceable yet.
      expect(shift?.closing).toMatchObject({ state: 'confermate', invoiceable: false, expenses: [{ status: 'in_attesa' }] });
    }
  });

  it('her removal and the owner’s answer at once: one of the two, the other refused, never 500', async () => {
    t.clock.now = new Date('2030-06-10T10:00:00Z');
    const { owner, anna } = await closingPeople(t);
    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    for (let round = 0; round < 5; round++) {
      const expense = (await call.claim(anna, id)).json().expense.id as number;
      const [removed, answered] = await Promise.all([
        call.remove(anna, expense),
        call.answer(owner, expense, { status: 'confermata' }),
      ]);
      // Removed first: the answer finds nothing (404). Answered first: the removal is refused (409).
      expect([
        [200, 404],
        [409, 200],
      ]).toContainEqual([removed.statusCode, answered.statusCode]);
    }
  });
});

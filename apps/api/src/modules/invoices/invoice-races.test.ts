/**
 * Invoices under two requests at once (decision 095): an issue locks the engagements' offers, then the applications,
 * then takes the counter's row, so two issues of one engagement take turns (the second finds it billed) and two of
 * different engagements take consecutive numbers, never a gap, a repeat or a 500. Meant for PostgreSQL, where the
 * requests truly overlap; PGlite runs them one after the other.
 */
import type { TInvoice } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { anotherEngagement, invoiceCalls, invoiceScenario } from '../../../test/invoices';
import { invoiceCounters, invoiceShifts, invoices } from '../../db/schema';

const t = useTestApp();
const calls = invoiceCalls(t);

describe('invoices under two requests at once', () => {
  it('one engagement issued twice at once: one invoice, the other 409, one number taken', async () => {
    const s = await invoiceScenario(t);
    const answers = await Promise.all([0, 1].map(() => calls.issue(s.pharmacist, [s.application.id])));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('already_invoiced');
    expect(await t.database.db.select({ number: invoices.number }).from(invoices)).toEqual([{ number: '1/FP' }]);
    expect(await t.database.db.select({ last: invoiceCounters.lastSequence }).from(invoiceCounters)).toEqual([{ last: 1 }]);
  });

  it('two engagements issued at once: numbers 1 and 2, no gap', async () => {
    const s = await invoiceScenario(t);
    const second = await anotherEngagement(t, s.owner, s.pharmacist);
    const answers = await Promise.all([calls.issue(s.pharmacist, [s.application.id]), calls.issue(s.pharmacist, [second.id])]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers.map((a) => (a.json().invoice as TInvoice).sequence).sort()).toEqual([1, 2]);
    expect(await t.database.db.select().from(invoiceShifts)).toHaveLength(2);
  });

  // Each issue renders and checks its documents (about a third of a second of CPU on a quiet machine), two at a time:
  // on a loaded one the six take longer than the usual limit.
  it('six engagements issued at once: each answered 201 with the invoice stored, numbers 1 to 6 without a gap', {
    timeout: 120_000,
  }, async () => {
    const s = await invoiceScenario(t);
    const others = [];
    // Five afternoons before the scenario's days, confirmed by the clock: 21–25 June.
    for (let day = 21; day <= 25; day++) others.push(await anotherEngagement(t, s.owner, s.pharmacist, `2030-06-${day}`));
    const ids = [s.application.id, ...others.map((o) => o.id)];
    const answers = await Promise.all(ids.map((id) => calls.issue(s.pharmacist, [id])));
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 201));
    const answered = answers.map((a) => a.json().invoice as TInvoice);
    expect(answered.map((i) => i.sequence).sort((a, b) => a - b)).toEqual(ids.map((_, k) => k + 1));
    const stored = await t.database.db.select({ id: invoices.id, number: invoices.number }).from(invoices);
    expect(stored.map((i) => `${i.id} ${i.number}`).sort()).toEqual(answered.map((i) => `${i.id} ${i.number}`).sort());
  });

  it('a credit note racing a new issue of another engagement: consecutive numbers', async () => {
    const s = await invoiceScenario(t);
    const second = await anotherEngagement(t, s.owner, s.pharmacist);
    const first = (await calls.issue(s.pharmacist, [s.application.id])).json().invoice as TInvoice;
    const answers = await Promise.all([calls.credit(s.pharmacist, first.id), calls.issue(s.pharmacist, [second.id])]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers.map((a) => (a.json().invoice as TInvoice).sequence).sort()).toEqual([2, 3]);
  });

  it('marked paid twice at once: once paid, the other 409', async () => {
    const s = await invoiceScenario(t);
    const invoice = (await calls.issue(s.pharmacist, [s.application.id])).json().invoice as TInvoice;
    const answers = await Promise.all([0, 1].map(() => calls.paid(s.owner, invoice.id, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

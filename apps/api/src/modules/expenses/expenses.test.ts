/**
 * Expenses on a freelance shift (decision 095): her claim with its receipt and every refusal, her removal, the
 * pharmacy's answer, the receipt for both sides, and who may do what.
 */
import { HOURS_CLOSING } from '@farmaponte/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acceptedShift, closingCalls, closingPeople, EXPENSE, invoiceShift, RECEIPTS } from '../../../test/expenses';
import { signedIn, signedInAgain, useTestApp } from '../../../test/helpers';
import { actingFor, organisationOf, signedInMember } from '../../../test/organisation-members';
import { auditLog, shiftExpenses } from '../../db/schema';

const t = useTestApp();
const call = closingCalls(t);

const noonOf = (day: string) => new Date(`${day}T10:00:00Z`);
const EARLY_JUNE = { dateFrom: '2030-06-03', dateTo: '2030-06-05' };
const countExpenses = async () => (await t.database.db.select().from(shiftExpenses)).length;

describe('claiming an expense', () => {
  it('a parking receipt on a day of the shift: 201, shown on the shift to both sides, waiting', async () => {
    t.clock.now = noonOf('2030-06-10');
    const { owner, anna } = await closingPeople(t);
    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const claimed = await call.claim(anna, id, { ...EXPENSE, name: 'scontrino parcheggio.pdf' });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toMatchObject({
      message: 'Spesa indicata: la farmacia la confermerà insieme alle ore.',
      expense: {
        application_id: id,
        kind: 'parcheggio',
        description: 'Parcheggio di via Roma',
        amount: 12.5,
        spent_on: '2030-06-03',
        status: 'in_attesa',
        note: null,
        receipt: { name: 'scontrino parcheggio.pdf', type: 'application/pdf', size: RECEIPTS.pdf.length },
        invoice_id: null,
      },
    });
    const photo = await call.claim(
      anna,
      id,
      { ...EXPENSE, kind: 'altro', amount: '3', name: 'foto' },
      RECEIPTS.jpeg,
      'image/jpeg',
    );
    expect(photo.json().expense.receipt).toMatchObject({ name: 'foto.jpg', type: 'image/jpeg' });
    expect((await call.claim(anna, id, EXPENSE, RECEIPTS.png, 'image/png')).statusCode).toBe(201);
    const [seen] = await call.month(owner, 2030, 6, 'owner');
    expect(seen?.closing.expenses.map((e) => e.amount)).toEqual([12.5, 3, 12.5]);
    // Hours confirmed but an expense waiting: not yet invoiceable.
    expect((await call.review(owner, id, { status: 'confirmed' })).json().shift.closing).toMatchObject({
      state: 'confermate',
      invoiceable: false,
    });
  });

  it('each bad field is named, a wrong or missing receipt refused (415, 413, 400), nothing stored', async () => {
    t.clock.now = noonOf('2030-06-04');
    const { owner, anna } = await closingPeople(t);
    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const bad: [Record<string, string>, string, string][] = [
      [{ ...EXPENSE, kind: 'taxi' }, 'kind', 'Scegli il tipo di spesa: parcheggio o altra spesa.'],
      [{ ...EXPENSE, description: '  ' }, 'description', 'Descrivi la spesa in poche parole (massimo 200 caratteri).'],
      [
        { ...EXPENSE, amount: '150.01' },
        'amount',
        "Indica l'importo in euro, più di 0 e al massimo 150,00 €, con al massimo due decimali.",
      ],
      [
        { ...EXPENSE, amount: '0' },
        'amount',
        "Indica l'importo in euro, più di 0 e al massimo 150,00 €, con al massimo due decimali.",
      ],
      [
        { ...EXPENSE, amount: '1.234' },
        'amount',
        "Indica l'importo in euro, più di 0 e al massimo 150,00 €, con al massimo due decimali.",
      ],
      [
        { ...EXPENSE, amount: 'dieci' },
        'amount',
        "Indica l'importo in euro, più di 0 e al massimo 150,00 €, con al massimo due decimali.",
      ],
      [{ ...EXPENSE, spent_on: '2030-06-31' }, 'spent_on', 'Indica il giorno della spesa, uno dei giorni del turno già passati.'],
      [{ ...EXPENSE, spent_on: '2030-06-02' }, 'spent_on', 'Indica il giorno della spesa, uno dei giorni del turno già passati.'],
      [{ ...EXPENSE, spent_on: '2030-06-05' }, 'spent_on', 'Indica il giorno della spesa, uno dei giorni del turno già passati.'],
    ];
    for (const [fields, field, message] of bad) {
      const response = await call.claim(anna, id, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().fields[field], field).toBe(message);
    }
    const textAsPdf = await call.claim(anna, id, EXPENSE, Buffer.from('non sono un PDF'));
    expect(textAsPdf.statusCode).toBe(415);
    expect(textAsPdf.json()).toEqual({
      message: 'La ricevuta deve essere un PDF, una foto JPEG o un PNG.',
      code: 'receipt_type',
    });
    expect((await call.claim(anna, id, EXPENSE, RECEIPTS.pdf, 'text/plain')).json().code).toBe('receipt_type');
    const large = Buffer.concat([RECEIPTS.pdf, Buffer.alloc(HOURS_CLOSING.receiptMaxBytes)]);
    const tooLarge = await call.claim(anna, id, EXPENSE, large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'La ricevuta può pesare al massimo 5 MB.', code: 'receipt_too_large' });
    const empty = await call.claim(anna, id, EXPENSE, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('receipt_missing');
    expect(await countExpenses()).toBe(0);
  });

  it('refused on an employee shift, after the window, past 20, once invoiced', async () => {
    t.clock.now = noonOf('2030-06-19');
    const { owner, anna } = await closingPeople(t);
    const employee = await acceptedShift(t, owner, anna, EARLY_JUNE, 'dipendente');
    const refused = await call.claim(anna, employee);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('employee_engagement');

    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    for (let n = 0; n < HOURS_CLOSING.expensesPerEngagement; n++)
      expect((await call.claim(anna, id, { ...EXPENSE, amount: String(n + 1) })).statusCode).toBe(201);
    const tooMany = await call.claim(anna, id);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      code: 'too_many_expenses',
      message: 'Si possono indicare al massimo 20 spese per turno.',
    });

    const invoiced = await acceptedShift(t, owner, anna, EARLY_JUNE);
    await invoiceShift(t, invoiced, anna.user.id);
    expect((await call.claim(anna, invoiced)).json().code).toBe('shift_invoiced');

    const open = await acceptedShift(t, owner, anna, EARLY_JUNE);
    t.clock.now = new Date('2030-06-19T22:00:00Z'); // the 20th in Rome: 15 days after the last day
    const late = await call.claim(await signedInAgain(t.app, anna), open);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'expenses_window_closed',
      message: 'Il termine per indicare spese su questo turno è passato.',
    });
  });
});

describe('answering, removing, reading the receipt', () => {
  it('the owner confirms one and disputes another with a note; each once; the audit log says who', async () => {
    t.clock.now = noonOf('2030-06-10');
    const { owner, anna } = await closingPeople(t);
    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const first = (await call.claim(anna, id)).json().expense.id as number;
    const second = (await call.claim(anna, id, { ...EXPENSE, amount: '40' })).json().expense.id as number;
    expect((await call.answer(owner, second, { status: 'contestata', note: '' })).json().fields).toEqual({
      note: 'Scrivi perché contesti la spesa.',
    });
    expect((await call.answer(owner, second, { status: 'forse' })).json().fields).toEqual({
      status: 'Scegli se confermare o contestare la spesa.',
    });
    const confirmed = await call.answer(owner, first, { status: 'confermata' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: 'Spesa confermata.', expense: { id: first, status: 'confermata' } });
    const disputed = await call.answer(owner, second, { status: 'contestata', note: 'Il parcheggio è gratuito.' });
    expect(disputed.json()).toMatchObject({
      message: 'Spesa contestata: il farmacista vedrà la tua nota.',
      expense: { status: 'contestata', note: 'Il parcheggio è gratuito.' },
    });
    const again = await call.answer(owner, first, { status: 'contestata', note: 'Ci ho ripensato' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('expense_answered');
    // Answered: she may no longer remove it.
    expect((await call.remove(anna, first)).json().code).toBe('expense_answered');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'expense.review'), eq(auditLog.targetId, String(id))));
    expect(entries.map((e) => e.details)).toEqual([
      expect.objectContaining({ status: 'confermata', expense_id: first, amount: 12.5 }),
      expect.objectContaining({ status: 'contestata', expense_id: second, note: 'Il parcheggio è gratuito.' }),
    ]);
    // Hours confirmed, one expense confirmed and one disputed (left out of the invoice): invoiceable.
    expect((await call.review(owner, id, { status: 'confirmed' })).json().shift.closing.invoiceable).toBe(true);
  });

  it('one left unanswered is confirmed with the hours: no answer then (hours_closed), nor removal', async () => {
    t.clock.now = noonOf('2030-06-10');
    let { owner, anna } = await closingPeople(t);
    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const expense = (await call.claim(anna, id)).json().expense.id as number;
    t.clock.now = new Date('2030-06-21T22:00:00Z');
    [owner, anna] = await Promise.all([signedInAgain(t.app, owner), signedInAgain(t.app, anna)]);
    const [shift] = await call.month(anna, 2030, 6);
    expect(shift?.closing).toMatchObject({ state: 'confermate', invoiceable: true, expenses: [{ status: 'confermata' }] });
    expect((await call.answer(owner, expense, { status: 'contestata', note: 'Tardi' })).json().code).toBe('hours_closed');
    expect((await call.remove(anna, expense)).json().code).toBe('expense_answered');
  });

  it('she removes one while waiting; the receipt is hers and the pharmacy’s, with its type', async () => {
    t.clock.now = noonOf('2030-06-10');
    const { owner, anna } = await closingPeople(t);
    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const photo = (await call.claim(anna, id, { ...EXPENSE, name: 'ricevuta.png' }, RECEIPTS.png, 'image/png')).json().expense
      .id as number;
    for (const who of [anna, owner]) {
      const receipt = await call.receipt(who, photo);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.headers['content-type']).toBe('image/png');
      expect(receipt.headers['content-disposition']).toContain('ricevuta.png');
      expect(receipt.rawPayload.equals(RECEIPTS.png)).toBe(true);
    }
    const removed = await call.remove(anna, photo);
    expect(removed.json()).toEqual({ message: 'Spesa tolta.' });
    expect((await call.receipt(anna, photo)).statusCode).toBe(404);
    expect(await countExpenses()).toBe(0);
  });

  it('who may: another pharmacist or owner 404, consultazione reads but may not answer (403), logged out 401', async () => {
    t.clock.now = noonOf('2030-06-10');
    const { owner, anna } = await closingPeople(t);
    const id = await acceptedShift(t, owner, anna, EARLY_JUNE);
    const expense = (await call.claim(anna, id)).json().expense.id as number;
    const bruno = await signedIn(t.app, 'farmacista');
    const other = await signedIn(t.app, 'titolare');
    const reader = await signedInMember(t.app, await organisationOf(t.database.db, owner.user.id), 'consultazione', [
      owner.user.id,
    ]);
    const readerFor = { ...reader, headers: actingFor(reader, owner.user.id) as typeof reader.headers };

    expect((await call.claim(bruno, id)).statusCode).toBe(404);
    expect((await call.claim(owner, id)).statusCode).toBe(403);
    expect((await call.claim(undefined, id)).statusCode).toBe(401);
    expect((await call.remove(bruno, expense)).statusCode).toBe(404);
    expect((await call.remove(owner, expense)).statusCode).toBe(403);
    expect((await call.remove(undefined, expense)).statusCode).toBe(401);
    expect((await call.answer(other, expense, { status: 'confermata' })).statusCode).toBe(404);
    expect((await call.answer(readerFor, expense, { status: 'confermata' })).statusCode).toBe(403);
    expect((await call.answer(anna, expense, { status: 'confermata' })).statusCode).toBe(403);
    expect((await call.answer(undefined, expense, { status: 'confermata' })).statusCode).toBe(401);
    expect((await call.receipt(bruno, expense)).statusCode).toBe(404);
    expect((await call.receipt(other, expense)).statusCode).toBe(404);
    expect((await call.receipt(undefined, expense)).statusCode).toBe(401);
    expect((await call.receipt(readerFor, expense)).statusCode).toBe(200);
    expect((await call.answer(owner, 987654, { status: 'confermata' })).statusCode).toBe(404);
    const [shift] = await call.month(anna, 2030, 6);
    expect(shift?.closing.expenses).toMatchObject([{ id: expense, status: 'in_attesa' }]);
  });
});

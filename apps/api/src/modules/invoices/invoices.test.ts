/**
 * Invoices from confirmed hours (decision 095): what may be issued and what is refused, the number series with its
 * credit notes, the marks of each side, the year's totals and the overdue reminder.
 */
import type { TInvoice, TInvoiceable, TInvoiceList } from '@farmaponte/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { again, BEFORE_CONFIRMED, invoiceCalls, invoiceScenario, issuedScenario } from '../../../test/invoices';
import {
  applications,
  auditLog,
  invoiceCounters,
  invoiceShifts,
  mailOutbox,
  notifications,
  organisations,
  professionalFiles,
  shiftExpenses,
  workedHoursReviews,
} from '../../db/schema';
import { validateFatturaPa } from './document';
import { remindOverdueInvoices } from './overdue-job';

const t = useTestApp();
const calls = invoiceCalls(t);

const noticesOf = (userId: number, type: 'invoice_issued' | 'invoice_paid' | 'invoice_overdue') =>
  t.database.db
    .select({ body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

const issued = () => issuedScenario(t);

describe('issuing an invoice', () => {
  it('refuses hours nobody has confirmed yet, and takes no number', async () => {
    const s = await invoiceScenario(t);
    t.clock.now = BEFORE_CONFIRMED;
    const pharmacist = await again(t, s.pharmacist);
    const refused = await calls.issue(pharmacist, [s.application.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('hours_not_confirmed');
    expect(await t.database.db.select().from(invoiceCounters)).toEqual([]);
    const ready = (await calls.invoiceable(pharmacist)).json() as TInvoiceable;
    expect(ready.groups).toEqual([]);
    expect(ready.waiting).toMatchObject([{ application_id: s.application.id, state: 'in_corso', confirms_on: '2030-07-20' }]);
  });

  it('issues from hours confirmed by the clock: lines, stamp duty, due day, file, the pharmacy told', async () => {
    const s = await invoiceScenario(t);
    const ready = (await calls.invoiceable(s.pharmacist)).json() as TInvoiceable;
    expect(ready.groups).toMatchObject([{ month: '2030-07', total: 405, engagements: [{ application_id: s.application.id }] }]);
    const preview = await calls.preview(s.pharmacist, { application_ids: [s.application.id] });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ total: 407, amount_due: 407, stamp_duty: 2, due_on: '2030-08-19' });
    expect(await t.database.db.select().from(invoiceCounters)).toEqual([]);

    const answer = await calls.issue(s.pharmacist, [s.application.id]);
    expect(answer.statusCode).toBe(201);
    const invoice = answer.json().invoice as TInvoice;
    expect(invoice).toMatchObject({
      number: '1/FP',
      issued_on: '2030-07-20',
      due_on: '2030-08-19',
      state: 'emessa',
      regime: 'forfettario',
      total: 407,
      amount_due: 407,
      application_ids: [s.application.id],
      client: { name: 'Farmacia Centrale S.n.c.', address: { cap: '10124', comune: 'Torino', provincia: 'TO' } },
      supplier: { name: 'Giulia Bianchi', address: { street: 'Via Garibaldi 5', comune: 'Torino' } },
    });
    expect(invoice.lines.map((line) => [line.description, line.quantity, line.unit_price, line.total])).toEqual([
      ['01/07/2030 Ore ordinarie 09:00–13:30', 4.5, 30, 135],
      ['02/07/2030 Ore ordinarie 09:00–13:30', 4.5, 30, 135],
      ['03/07/2030 Ore ordinarie 09:00–13:30', 4.5, 30, 135],
      ['Rimborso imposta di bollo', null, 2, 2],
    ]);
    expect(invoice.file_name).toMatch(/^IT12345678903_[0-9A-Z]{5}\.xml$/);
    expect(await noticesOf(s.owner.user.id, 'invoice_issued')).toEqual([
      { body: 'Giulia Bianchi ha emesso la fattura n. 1/FP di 407,00 €, da pagare entro il 19/08/2030.' },
    ]);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.issue'));
    expect(entry).toMatchObject({ actorId: s.pharmacist.user.id, targetId: String(invoice.id) });

    const xml = await calls.xml(s.owner, invoice.id);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.headers['content-disposition']).toBe(`attachment; filename="${invoice.file_name}"`);
    expect(await validateFatturaPa(xml.body)).toEqual({ valid: true, errors: [] });
    const pdf = await calls.pdf(s.pharmacist, invoice.id);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const twice = await calls.issue(s.pharmacist, [s.application.id]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('already_invoiced');
  });

  it('issues from hours the pharmacy confirmed before the clock would have', async () => {
    const s = await invoiceScenario(t);
    t.clock.now = BEFORE_CONFIRMED;
    await t.database.db
      .insert(workedHoursReviews)
      .values({ applicationId: s.application.id, status: 'confirmed', correctedAt: null, decidedAt: BEFORE_CONFIRMED });
    const answer = await calls.issue(await again(t, s.pharmacist), [s.application.id]);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().invoice).toMatchObject({ issued_on: '2030-07-10', due_on: '2030-08-09' });
  });

  it('refuses an employee engagement, an incomplete file or client, and someone else’s engagement', async () => {
    const s = await invoiceScenario(t);
    const db = t.database.db;
    await db.update(applications).set({ legalForm: 'dipendente' }).where(eq(applications.id, s.application.id));
    expect((await calls.issue(s.pharmacist, [s.application.id])).json().code).toBe('employee_engagement');
    await db.update(applications).set({ legalForm: 'libera_professione' }).where(eq(applications.id, s.application.id));

    await db.update(professionalFiles).set({ fiscalCap: '' }).where(eq(professionalFiles.userId, s.pharmacist.user.id));
    const noFile = await calls.issue(s.pharmacist, [s.application.id]);
    expect([noFile.statusCode, noFile.json().code]).toEqual([409, 'professional_file_incomplete']);
    await db.update(professionalFiles).set({ fiscalCap: '10122' }).where(eq(professionalFiles.userId, s.pharmacist.user.id));

    await db.update(organisations).set({ sedeLegale: 'Torino' }).where(eq(organisations.id, s.organisationId));
    const noClient = await calls.issue(s.pharmacist, [s.application.id]);
    expect([noClient.statusCode, noClient.json().code]).toEqual([409, 'client_data_incomplete']);

    const unknown = await calls.issue(s.pharmacist, [s.application.id, 999_999]);
    expect(unknown.statusCode).toBe(404);
    expect(await db.select().from(invoiceCounters)).toEqual([]);
  });
});

describe('an ordinary regime with expenses', () => {
  it('bills the confirmed expense (not the disputed one) with VAT and withholding; a credit note frees it', async () => {
    const s = await invoiceScenario(t);
    const db = t.database.db;
    await db.update(professionalFiles).set({ taxRegime: 'ordinario' }).where(eq(professionalFiles.userId, s.pharmacist.user.id));
    const receipt = {
      receipt: Buffer.from('%PDF-1.4'),
      receiptName: 'ricevuta.pdf',
      receiptType: 'application/pdf',
      receiptSha256: 'x',
    };
    const [parking] = await db
      .insert(shiftExpenses)
      .values({
        applicationId: s.application.id,
        kind: 'parcheggio',
        description: 'Parcheggio via Po',
        amount: 12.5,
        spentOn: '2030-07-01',
        status: 'confermata',
        ...receipt,
      })
      .returning();
    await db.insert(shiftExpenses).values({
      applicationId: s.application.id,
      kind: 'altro',
      description: 'Taxi',
      amount: 20,
      spentOn: '2030-07-02',
      status: 'contestata',
      ...receipt,
    });
    const answer = await calls.issue(s.pharmacist, [s.application.id]);
    expect(answer.statusCode).toBe(201);
    const invoice = answer.json().invoice as TInvoice;
    expect(invoice.lines.at(-1)).toMatchObject({
      kind: 'expense',
      description: '01/07/2030 Parcheggio: Parcheggio via Po',
      total: 12.5,
      vat_rate: 22,
    });
    expect(invoice).toMatchObject({
      taxable: 417.5,
      vat: 91.85,
      total: 509.35,
      amount_due: 425.85,
      withholding: { amount: 83.5 },
      stamp_duty: null,
    });
    const billed = async () =>
      (
        await db
          .select({ invoiceId: shiftExpenses.invoiceId })
          .from(shiftExpenses)
          .where(eq(shiftExpenses.id, parking?.id ?? 0))
      )[0]?.invoiceId;
    expect(await billed()).toBe(invoice.id);
    expect((await calls.credit(s.pharmacist, invoice.id)).statusCode).toBe(201);
    expect(await billed()).toBeNull();
  });
});

describe('credit notes', () => {
  it('continues the numbers, frees the engagement, and refuses a second credit or a credit of a credit', async () => {
    const { pharmacist, application, invoice } = await issued();
    const credit = await calls.credit(pharmacist, invoice.id, 'Ore sbagliate');
    expect(credit.statusCode).toBe(201);
    const note = credit.json().invoice as TInvoice;
    expect(note).toMatchObject({
      kind: 'nota_di_credito',
      number: '2/FP',
      state: 'emessa',
      total: invoice.total,
      credits: { id: invoice.id, number: '1/FP' },
      credit_reason: 'Ore sbagliate',
    });
    expect((await calls.get(pharmacist, invoice.id)).json()).toMatchObject({
      state: 'stornata',
      credited_by: { id: note.id, number: '2/FP' },
    });
    expect(await t.database.db.select().from(invoiceShifts)).toEqual([]);
    expect((await calls.xml(pharmacist, note.id)).body).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect((await calls.credit(pharmacist, invoice.id)).json().code).toBe('already_credited');
    expect((await calls.credit(pharmacist, note.id)).json().code).toBe('not_an_invoice');

    const again = await calls.issue(pharmacist, [application.id]);
    expect(again.statusCode).toBe(201);
    expect(again.json().invoice.number).toBe('3/FP');
  });
});

describe('sent and paid', () => {
  it('she marks it sent once; the pharmacy marks it paid once, on a day between issue and today; she is told', async () => {
    const { owner, pharmacist, invoice } = await issued();
    expect((await calls.sent(pharmacist, invoice.id)).json().invoice.state).toBe('inviata');
    const sentAgain = await calls.sent(pharmacist, invoice.id);
    expect([sentAgain.statusCode, sentAgain.json().code]).toEqual([409, 'already_sent']);

    for (const paid_on of ['2030-07-19', '2030-07-21']) {
      const wrongDay = await calls.paid(owner, invoice.id, { paid_on });
      expect([wrongDay.statusCode, wrongDay.json().fields]).toEqual([400, { paid_on: expect.any(String) }]);
    }
    const paid = await calls.paid(owner, invoice.id, {});
    expect(paid.statusCode).toBe(200);
    expect(paid.json().invoice).toMatchObject({ state: 'pagata', paid_on: '2030-07-20' });
    expect((await calls.paid(owner, invoice.id, {})).json().code).toBe('already_paid');
    expect(await noticesOf(pharmacist.user.id, 'invoice_paid')).toEqual([
      { body: 'Farmacia Centrale S.n.c. ha segnato come pagata la tua fattura n. 1/FP.' },
    ]);
    const credit = await calls.credit(pharmacist, invoice.id);
    expect([credit.statusCode, credit.json().code]).toEqual([409, 'invoice_paid']);
  });

  it('a credited invoice is not marked paid', async () => {
    const { owner, pharmacist, invoice } = await issued();
    expect((await calls.credit(pharmacist, invoice.id)).statusCode).toBe(201);
    const paid = await calls.paid(owner, invoice.id, {});
    expect([paid.statusCode, paid.json().code]).toEqual([409, 'invoice_credited']);
  });
});

describe('lists and the overdue reminder', () => {
  it("her year's and the pharmacy's totals: a credited invoice is stornata, its note subtracts", async () => {
    const { owner, pharmacist, application, invoice } = await issued();
    await calls.credit(pharmacist, invoice.id);
    await calls.issue(pharmacist, [application.id]);
    const mine = (await calls.mine(pharmacist)).json() as TInvoiceList;
    expect(mine.year).toBe(2030);
    expect(mine.invoices.map((i) => [i.number, i.state])).toEqual([
      ['3/FP', 'emessa'],
      ['2/FP', 'emessa'],
      ['1/FP', 'stornata'],
    ]);
    expect(mine.by_state).toMatchObject({ emessa: { count: 1, amount: 407 }, stornata: { count: 1, amount: 407 } });
    expect(mine.by_organisation).toEqual([
      { organisation_id: expect.any(Number), name: 'Farmacia Centrale S.n.c.', total: 407, count: 2 },
    ]);
    const received = (await calls.received(owner, '?state=stornata')).json() as TInvoiceList;
    expect(received.invoices.map((i) => i.number)).toEqual(['1/FP']);
    expect((await calls.mine(pharmacist, '?year=2029')).json().invoices).toEqual([]);
  });

  it('tells the pharmacy once of an unpaid invoice past its day, even when two rounds run at once', async () => {
    const { owner, invoice } = await issued();
    t.clock.now = new Date('2030-08-19T09:00:00Z');
    expect(await remindOverdueInvoices(t.database.db, t.app.events, t.clock.now)).toBe(0);
    t.clock.now = new Date('2030-08-20T09:00:00Z');
    const rounds = await Promise.all([0, 1].map(() => remindOverdueInvoices(t.database.db, t.app.events, t.clock.now)));
    expect(rounds.sort()).toEqual([0, 1]);
    expect(await t.app.jobs.run('invoice-overdue')).toEqual({ reminded: 0 });
    expect(await noticesOf(owner.user.id, 'invoice_overdue')).toEqual([
      {
        body: "La fattura n. 1/FP di Giulia Bianchi era da pagare entro il 19/08/2030: se l'avete già pagata, segnatela come pagata.",
      },
    ]);
    const mails = await t.database.db.select({ subject: mailOutbox.subject }).from(mailOutbox);
    expect(mails.filter((mail) => mail.subject.includes('Fattura scaduta'))).toHaveLength(1);
    expect((await calls.get(await again(t, owner), invoice.id)).json().state).toBe('scaduta');
  });
});

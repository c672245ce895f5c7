/**
 * Where invoices reach beyond their own routes (decision 095): the group report's spend by state, her data export
 * with the XML, and the ten years they are kept whatever becomes of the accounts (the retention job deletes them after
 * keep_until, not before).
 */
import { ZDataExportSchema } from '@farmaponte/shared';
import type { TGroupReport } from '@farmaponte/shared/group-report';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { again, invoiceCalls, issuedScenario } from '../../../test/invoices';
import { invoiceShifts, invoices } from '../../db/schema';

const t = useTestApp();
const calls = invoiceCalls(t);

const issued = () => issuedScenario(t);

describe('invoices beyond their routes', () => {
  it("the group report counts the period's invoices by state, with the euros due", async () => {
    const { owner, pharmacist, invoice } = await issued();
    await calls.sent(pharmacist, invoice.id);
    const reportOf = async (query: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/organisation/report/${query}`, headers: owner.headers })
      ).json() as TGroupReport;
    const july = await reportOf('?from=2030-07-01&to=2030-07-31');
    expect(july.invoices).toEqual({
      emessa: { count: 0, amount: 0 },
      inviata: { count: 1, amount: 407 },
      pagata: { count: 0, amount: 0 },
      scaduta: { count: 0, amount: 0 },
      stornata: { count: 0, amount: 0 },
    });
    expect((await reportOf('?from=2030-08-01&to=2030-08-31')).invoices.inviata).toEqual({ count: 0, amount: 0 });
  });

  it('her data export holds each invoice with its XML', async () => {
    const { pharmacist, invoice } = await issued();
    const [stored] = await t.database.db.select({ xml: invoices.xml }).from(invoices).where(eq(invoices.id, invoice.id));
    const answer = await t.app.inject({ method: 'GET', url: '/api/user/export/', headers: pharmacist.headers });
    expect(answer.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    const data = ZDataExportSchema.strict().parse(JSON.parse(new TextDecoder().decode(files['dati.json'])));
    expect(data.invoices).toMatchObject([
      { number: '1/FP', state: 'emessa', file_name: invoice.file_name, xml: stored?.xml, keep_until: '2040-07-20' },
    ]);
    expect(data.invoices[0]?.xml).toContain('1/FP');
  });

  it('stays for the pharmacy after she deletes her account, and is deleted only after keep_until', async () => {
    const { owner, pharmacist, invoice } = await issued();
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: pharmacist.headers });
    expect(deleted.statusCode).toBe(204);
    const [kept] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toMatchObject({ farmacistaId: null, keepUntil: '2040-07-20' });
    expect((await calls.get(owner, invoice.id)).json().supplier.name).toBe('Giulia Bianchi');

    t.clock.now = new Date('2040-07-20T12:00:00Z');
    await t.app.jobs.run('retention');
    expect(await t.database.db.select({ id: invoices.id }).from(invoices)).toHaveLength(1);
    t.clock.now = new Date('2040-07-21T12:00:00Z');
    expect(await t.app.jobs.run('retention')).toMatchObject({ invoices: 1 });
    expect(await t.database.db.select().from(invoices)).toEqual([]);
    expect(await t.database.db.select().from(invoiceShifts)).toEqual([]);
    expect((await calls.get(await again(t, owner), invoice.id)).statusCode).toBe(404);
  });
});

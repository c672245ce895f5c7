/**
 * The employee's hiring summary (decision 093): what the labour consultant needs for the UNILAV, which Farmaponte says
 * it does not send; only for the pharmacy's accepted employee applications.
 */
import { CCNL, EMPLOYMENT_NOTICE } from '@farmaponte/shared';
import { CONTRACT_MESSAGES, HIRING_SUMMARY_TEXT, type THiringSummary } from '@farmaponte/shared/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractCalls, contractScenario, freelanceApplication, givePharmacistFile } from '../../../test/contracts';
import { signedIn, useTestApp } from '../../../test/helpers';
import { pdfPages } from '../../../test/pdf-text';
import { offers } from '../../db/schema';

const t = useTestApp();
const calls = contractCalls(t);
const summaryOf = (headers: Record<string, string> | undefined, id: number, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/applications/${id}/hiring-summary/${query}`, headers });

async function employeeHired(withFile: boolean) {
  const scenario = await contractScenario(t);
  await t.database.db.update(offers).set({ ccnlLevel: 'Q3', positions: 3 }).where(eq(offers.id, scenario.offer.id));
  const employee = await signedIn(t.app, 'farmacista', { profile: { name: 'Sara', surname: 'Galli' } });
  if (withFile) await givePharmacistFile(t, employee.user.id);
  const application = await freelanceApplication(t, scenario.offer.id, employee, 'dipendente');
  expect((await calls.accept(scenario.owner, application.id)).statusCode).toBe(200);
  return { ...scenario, employee, hired: application };
}

describe('GET /api/applications/{id}/hiring-summary/', () => {
  it('gives the worker, the employer, the days and hours, the CCNL level and the notice that nothing is sent', async () => {
    const { owner, hired } = await employeeHired(true);
    const answer = await summaryOf(owner.headers, hired.id);
    expect(answer.statusCode).toBe(200);
    const summary = answer.json() as THiringSummary;
    expect(summary.pharmacist).toEqual({
      name: 'Sara',
      surname: 'Galli',
      codice_fiscale: 'BNCGLI92D55A794X',
      birth_date: '1992-04-15',
      birth_place: { code: 'A794', name: 'Bergamo', province: 'BG' },
    });
    expect(summary.organisation).toMatchObject({ name: 'Farmacia Centrale S.n.c.', partita_iva: '01234567897' });
    // 09:00–13:30 is 4.5 h a day; 1–3 July 2030 are 3 days: 13.5 h.
    expect(summary).toMatchObject({
      date_from: '2030-07-01',
      date_to: '2030-07-03',
      hours: { start: '09:00', end: '13:30', per_day: 4.5, total: 13.5 },
      ccnl: { name: CCNL.name, level: 'Q3', level_label: 'Quadro Q3 – Farmacista collaboratore dopo 24 mesi nella qualifica' },
      hourly_pay: 30,
      notice: HIRING_SUMMARY_TEXT.notice,
      source: EMPLOYMENT_NOTICE.source,
    });
    expect(summary.notice).toMatch(/^Farmaponte non invia la comunicazione obbligatoria/);
    expect(summary.notice).toContain('art. 9-bis d.l. 510/1996');
  });

  it('without a professional file the data are null, and the PDF says "non indicato"', async () => {
    const { owner, hired } = await employeeHired(false);
    const summary = (await summaryOf(owner.headers, hired.id)).json() as THiringSummary;
    expect(summary.pharmacist).toMatchObject({ codice_fiscale: null, birth_date: null, birth_place: null });
    const pdf = await summaryOf(owner.headers, hired.id, '?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${HIRING_SUMMARY_TEXT.fileName(hired.id)}"`);
    const lines = (await pdfPages(pdf.rawPayload)).flat();
    expect(lines).toContain('Codice fiscale: non indicato');
    expect(lines.join(' ')).toContain('art. 9-bis d.l. 510/1996');
    expect(lines.join(' ')).toContain('dalle 09:00 alle 13:30 (4,5 ore al giorno, 13,5 ore in tutto)');
  });

  it('a freelance or a waiting application, another pharmacy, a pharmacist: 404 or 403; anonymous 401', async () => {
    const { owner, application, hired, employee, offer } = await employeeHired(true);
    expect((await calls.accept(owner, application.id)).statusCode).toBe(200);
    const freelance = await summaryOf(owner.headers, application.id);
    expect(freelance.statusCode).toBe(404);
    expect(freelance.json()).toMatchObject({ code: 'hiring_summary_not_found', message: CONTRACT_MESSAGES.summaryNotFound });
    const waiting = await freelanceApplication(t, offer.id, await signedIn(t.app, 'farmacista'), 'dipendente');
    expect((await summaryOf(owner.headers, waiting.id)).statusCode).toBe(404);
    expect((await summaryOf((await signedIn(t.app, 'titolare')).headers, hired.id)).statusCode).toBe(404);
    expect((await summaryOf(employee.headers, hired.id)).statusCode).toBe(403);
    expect((await summaryOf(undefined, hired.id)).statusCode).toBe(401);
  });
});

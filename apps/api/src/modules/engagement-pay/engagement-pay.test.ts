/**
 * Pay as agreed downstream (decision 094): the settled fee and travel drive the contract, its PDF, the worked-shift
 * lists, CSV and statement, and the data export; an employee's Sunday is paid with the CCNL's supplement; corrected
 * hours are paid as corrected. Figures by hand.
 */
import type { TDataExport, TWorkedShift, TWorkedShiftMonth } from '@farmaponte/shared';
import type { TContract } from '@farmaponte/shared/contracts';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { contractCalls, contractScenario } from '../../../test/contracts';
import { login, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { pdfPages } from '../../../test/pdf-text';
import { applications, offers } from '../../db/schema';
import { createApplication, createOffer, setApplicationStatus } from '../../factories';

const t = useTestApp();
const calls = contractCalls(t);
const get = (who: TSignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const brief = (lines: TWorkedShift['pay']['lines']) =>
  lines.map((l) => `${l.day} ${l.from}-${l.to} ${l.kind} ${l.rate} × ${l.minutes / 60} h = ${l.amount}`);
const pdfText = async (body: Buffer) => (await pdfPages(body)).flat().join('\n');

describe('a freelance engagement on settled terms', () => {
  it('the contract, its PDF, both worked-shift lists, the CSV and the export carry the settled fee, the lines and the travel', async () => {
    let { owner, pharmacist, application, offer } = await contractScenario(t);
    const db = t.database.db;
    // 1–3 July 2030, 09:00–13:30 in Torino; the 2nd is a local holiday with a 40 €/h holiday fee; travel by km; lodging.
    await db
      .update(offers)
      .set({
        holidayFee: 40,
        extraHolidays: ['2030-07-02'],
        travelMode: 'km',
        travelPerKm: 0.3,
        lodgingNights: 2,
        lodgingNote: 'Camera in foresteria',
      })
      .where(eq(offers.id, offer.id));
    // Settled by a negotiation: 34 €/h instead of 30, and 45 € for the trip.
    await db.update(applications).set({ agreedHourly: 34, agreedTravel: 45 }).where(eq(applications.id, application.id));
    expect((await calls.accept(owner, application.id)).statusCode).toBe(200);

    const contract = (await calls.contract(pharmacist, application.id)).json() as TContract;
    const pay = contract.terms.pay;
    // 4,5 h × 34 = 153 on the 1st and 3rd; the holiday at the holiday fee, 4,5 × 40 = 180: 486 €, 531 € with the trip.
    expect(brief(pay?.lines ?? [])).toEqual([
      '2030-07-01 09:00-13:30 ordinaria 34 × 4.5 h = 153',
      '2030-07-02 09:00-13:30 festivo 40 × 4.5 h = 180',
      '2030-07-03 09:00-13:30 ordinaria 34 × 4.5 h = 153',
    ]);
    // Milano → Torino: about 127,8 km as the crow flies × 1,3 for the roads × 2 there and back = 332 km.
    expect(pay).toMatchObject({
      legal_form: 'libera_professione',
      hourly: 34,
      agreed: true,
      total: 486,
      travel: { amount: 45, km: 332, mode: 'km' },
      lodging: { nights: 2, note: 'Camera in foresteria' },
      grand_total: 531,
    });
    expect(contract.terms.fee.hourly).toBe(34);
    const text = await pdfText((await calls.pdf(pharmacist, contract.id)).rawPayload);
    expect(text.replace(/\n/g, ' ')).toContain('Il compenso è di 34,00 € per ogni ora di prestazione, per un totale di 486,00 €');
    expect(text).toContain(
      ['02/07/2030', '09:00–13:30', 'Festività locale indicata dalla farmacia', '4,5', '40,00', '180,00'].join('\n'),
    );
    expect(text).toContain('Viaggio: 45,00 € (circa 332 km andata e ritorno)');
    expect(text).toContain('Alloggio offerto dalla farmacia: 2 notti (Camera in foresteria)');
    expect(text).toContain('Totale con il viaggio: 531,00 €');

    // After the shift she worked 09:00–15:00 on the 3rd: 6 h × 34 = 204 € that day.
    t.clock.now = new Date('2030-07-10T10:00:00Z');
    const session = async (who: TSignedIn) => {
      const { access } = await login(t.app, who.user.email, who.user.password);
      return { ...who, headers: { ...who.headers, authorization: `Bearer ${access}` } };
    };
    pharmacist = await session(pharmacist);
    owner = await session(owner);
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/shifts/${application.id}/hours/`,
      headers: pharmacist.headers,
      payload: { days: [{ date: '2030-07-03', start_time: '09:00', end_time: '15:00' }] },
    });
    expect(corrected.statusCode).toBe(200);
    const mine = (await get(pharmacist, '/api/shifts/mine/?year=2030&month=7')).json() as TWorkedShiftMonth;
    const theirs = (await get(owner, '/api/shifts/owner/?year=2030&month=7')).json() as TWorkedShiftMonth;
    const [shift] = mine.shifts;
    expect(brief(shift?.pay.lines ?? []).at(-1)).toBe('2030-07-03 09:00-15:00 ordinaria 34 × 6 h = 204');
    // 153 + 180 + 204 = 537; with the trip 582.
    expect(shift?.pay).toMatchObject({ hourly: 34, total: 537, travel: { amount: 45 }, grand_total: 582 });
    expect(shift?.days.map((d) => d.amount)).toEqual([153, 180, 204]);
    expect(theirs.shifts[0]?.pay).toEqual(shift?.pay);
    expect(mine.totals.grand_total).toBe(582);

    const csv = (await get(pharmacist, '/api/shifts/mine/export.csv?year=2030&month=7')).body.replace(/^\uFEFF/, '');
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]?.split(';').slice(-3)).toEqual(['Importo come concordato (€)', 'Viaggio (€)', 'Totale (€)']);
    // The trip with the first day; the corrected day at its hours.
    expect(rows.slice(1).map((row) => row.split(';').slice(-3).join(';'))).toEqual([
      '153,00;45,00;198,00',
      '180,00;;180,00',
      '204,00;;204,00',
    ]);

    const archive = unzipSync(new Uint8Array((await get(pharmacist, '/api/user/export/')).rawPayload));
    const exported = JSON.parse(new TextDecoder().decode(archive['dati.json'])) as TDataExport;
    expect(exported.worked_shifts).toEqual([
      {
        application_id: application.id,
        offer_title: 'Turni di luglio',
        pharmacy: 'Farmacia Centrale',
        days: [
          { date: '2030-07-01', start_time: '09:00', end_time: '13:30', corrected: false, minutes: 270, amount: 153 },
          { date: '2030-07-02', start_time: '09:00', end_time: '13:30', corrected: false, minutes: 270, amount: 180 },
          { date: '2030-07-03', start_time: '09:00', end_time: '15:00', corrected: true, minutes: 360, amount: 204 },
        ],
        pay: shift?.pay,
      },
    ]);
  });
});

describe('an employee’s Sunday', () => {
  it('the statement pays the first 8 hours with the 10% Sunday supplement, the rest at the hourly pay', async () => {
    t.clock.now = new Date('2030-06-12T10:00:00Z');
    const owner = await signedIn(t.app, 'titolare', {
      profile: { denominazione_farmacia: 'Farmacia Città Alta', comune_farmacia: 'Bergamo' },
    });
    const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Rota' } });
    // Sunday 9 June 2030, 08:00–18:00 at 15 €/h gross.
    const offer = await createOffer(t.database.db, owner.user.id, {
      title: 'Domenica di turno',
      dateFrom: '2030-06-09',
      dateTo: '2030-06-09',
      startTime: '08:00',
      endTime: '18:00',
      hourlyPay: 15,
    });
    const application = await createApplication(t.database.db, offer.id, anna.user.id, new Date('2030-06-01T08:00:00Z'));
    await setApplicationStatus(t.database.db, { id: application.id, offerId: offer.id }, 'accepted');

    const month = (await get(anna, '/api/shifts/mine/?year=2030&month=6')).json() as TWorkedShiftMonth;
    // By hand: 15 × 1,10 = 16,50 × 8 h = 132,00; then 2 h × 15 = 30,00; 162,00 in all (150,00 without the supplement).
    expect(brief(month.shifts[0]?.pay.lines ?? [])).toEqual([
      '2030-06-09 08:00-16:00 domenica 16.5 × 8 h = 132',
      '2030-06-09 16:00-18:00 ordinaria 15 × 2 h = 30',
    ]);
    expect(month.shifts[0]).toMatchObject({ gross: 150, pay: { legal_form: 'dipendente', total: 162, travel: null } });
    const text = await pdfText((await get(anna, '/api/shifts/mine/statement.pdf?year=2030&month=6')).rawPayload);
    expect(text).toContain(['09/06/2030', '08:00–16:00', 'Domenica (+10%)', '8', '16,50', '132,00'].join('\n'));
    expect(text).toContain(['09/06/2030', '16:00–18:00', 'Ore ordinarie', '2', '15,00', '30,00'].join('\n'));
    expect(text).toContain('Totale delle ore: 162,00 €');
    expect(text).toContain('Totale del mese come concordato, con maggiorazioni e viaggio: 162,00 €');
  });
});

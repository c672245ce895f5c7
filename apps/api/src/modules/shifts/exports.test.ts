/**
 * What a pharmacist takes away (decision 075): the CSV read back as Excel on an Italian system reads it, and the
 * monthly PDF statement opened with pdf-lib, with the right figures.
 */
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { pdfPages } from '../../../test/pdf-text';
import { createApplication, createOffer, setApplicationStatus } from '../../factories';

const t = useTestApp();

async function people() {
  const owner = await signedIn(t.app, 'titolare', {
    profile: { denominazione_farmacia: 'Farmacia Città Alta; Bergamo', comune_farmacia: 'Bergamo' },
  });
  const anna = await signedIn(t.app, 'farmacista', {
    profile: { name: 'Anna', surname: "D'Angelo", ordine_provincia: 'BG', numero_iscrizione_albo: '4521' },
  });
  return { owner, anna };
}

async function accepted(owner: TSignedIn, pharmacist: TSignedIn, offer: Parameters<typeof createOffer>[2]) {
  const created = await createOffer(t.database.db, owner.user.id, offer);
  const application = await createApplication(t.database.db, created.id, pharmacist.user.id, new Date('2030-01-01T08:00:00Z'));
  await setApplicationStatus(t.database.db, { id: application.id, offerId: created.id }, 'accepted');
  return application.id;
}

const get = (who: TSignedIn | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers });

describe('the CSV', () => {
  it('is UTF-8 with a BOM, ";" separated, one row per day, dd/mm/yyyy and Italian numbers, accents intact', async () => {
    t.clock.now = new Date('2030-06-12T10:00:00Z');
    const { owner, anna } = await people();
    // 7.5 hours a day at 165.50 €/h: 1.241,25 € a day, thousands grouped.
    const first = await accepted(owner, anna, {
      title: 'Turno festività',
      dateFrom: '2030-05-31',
      dateTo: '2030-06-01',
      startTime: '08:30',
      endTime: '16:00',
      hourlyPay: 165.5,
    });
    await accepted(owner, anna, { title: '=SOMMA(A1:A9)', dateFrom: '2030-06-10', dateTo: null, hourlyPay: null });
    await t.app.inject({
      method: 'PUT',
      url: `/api/shifts/${first}/hours/`,
      headers: anna.headers,
      payload: { days: [{ date: '2030-06-01', start_time: '08:30', end_time: '12:50' }] },
    });

    const june = await get(anna, '/api/shifts/mine/export.csv?year=2030&month=6');
    expect(june.statusCode).toBe(200);
    expect(june.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(june.headers['content-disposition']).toBe('attachment; filename="farmaponte-turni-2030-06.csv"');
    const bytes = june.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3));
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = text.trimEnd().split('\r\n');
    expect(rows).toEqual([
      'Data;Farmacia;Comune;Offerta;Inizio;Fine;Ore;Paga oraria (€);Lordo (€);Ore corrette;Risposta del titolare;Importo come concordato (€);Viaggio (€);Totale (€)',
      // The 1st: corrected to 08:30–12:50, 4 h 20 min = 4,33 h, 717,17 € (the cent rounded), waiting for the owner.
      '01/06/2030;"Farmacia Città Alta; Bergamo";Bergamo;Turno festività;08:30;12:50;4,33;165,50;717,17;sì;da confermare;717,17;;717,17',
      // A day without hours and an offer without pay: empty figures; a title like a formula is shown, not run.
      '10/06/2030;"Farmacia Città Alta; Bergamo";Bergamo;\'=SOMMA(A1:A9);;;;;;no;;;;',
    ]);

    const year = await get(anna, '/api/shifts/mine/export.csv?year=2030');
    expect(year.headers['content-disposition']).toBe('attachment; filename="farmaponte-turni-2030.csv"');
    const yearRows = year.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(yearRows.map((row) => row.split(';')[0])).toEqual(['Data', '31/05/2030', '01/06/2030', '10/06/2030']);
    expect(yearRows[1]).toBe(
      '31/05/2030;"Farmacia Città Alta; Bergamo";Bergamo;Turno festività;08:30;16:00;7,5;165,50;1.241,25;no;;1.241,25;;1.241,25',
    );
  });

  it('who may ask: 401, 403 for an owner, 400 for a month or year that is not one', async () => {
    const { owner, anna } = await people();
    expect((await get(undefined, '/api/shifts/mine/export.csv?year=2030')).statusCode).toBe(401);
    expect((await get(owner, '/api/shifts/mine/export.csv?year=2030')).statusCode).toBe(403);
    expect((await get(anna, '/api/shifts/mine/export.csv?year=2030&month=13')).statusCode).toBe(400);
    expect((await get(anna, '/api/shifts/mine/export.csv?year=1999')).statusCode).toBe(400);
  });
});

describe('the monthly statement', () => {
  it("names the pharmacist and the albo entry, each shift's days, hours and gross, the owner's answer, the totals", async () => {
    t.clock.now = new Date('2030-06-12T10:00:00Z');
    const { owner, anna } = await people();
    const first = await accepted(owner, anna, {
      title: 'Turno festività',
      dateFrom: '2030-06-03',
      dateTo: '2030-06-04',
      startTime: '09:00',
      endTime: '13:00',
      hourlyPay: 20,
    });
    await accepted(owner, anna, {
      title: 'Senza paga',
      dateFrom: '2030-06-10',
      dateTo: null,
      startTime: '15:00',
      endTime: '19:30',
      hourlyPay: null,
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/shifts/${first}/hours/`,
      headers: anna.headers,
      payload: { days: [{ date: '2030-06-04', start_time: '09:00', end_time: '14:30' }] },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/shifts/${first}/hours/review/`,
      headers: owner.headers,
      payload: { status: 'confirmed' },
    });

    const response = await get(anna, '/api/shifts/mine/statement.pdf?year=2030&month=6');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="farmaponte-riepilogo-2030-06.pdf"');
    const pages = await pdfPages(response.rawPayload);
    expect(pages).toHaveLength(1);
    const lines = pages[0] ?? [];
    expect(lines.slice(0, 4)).toEqual([
      'Riepilogo dei turni lavorati',
      'Mese: giugno 2030',
      "Farmacista: Anna D'Angelo",
      "Iscrizione all'albo: Ordine di Bergamo, n. 4521",
    ]);
    const text = lines.join('\n');
    expect(text).toContain('Farmacia Città Alta; Bergamo – Turno festività');
    expect(text).toContain('Bergamo · Paga oraria: 20,00 €');
    expect(text).toContain(['03/06/2030', '09:00–13:00', '4', '80,00'].join('\n'));
    expect(text).toContain(['04/06/2030', '09:00–14:30 *', '5,5', '110,00'].join('\n'));
    expect(text).toContain('Totale del turno: 9,5 ore, 190,00 € lordi');
    expect(text).toContain('Ore corrette dal farmacista, risposta del titolare: confermate');
    // An employee's offer without an hourly pay is paid at the CCNL minimum: 4,5 h × 11,39 = 51,26 € (decision 094).
    expect(text).toContain('Paga oraria: minimo del CCNL per il livello');
    expect(text).toContain('Totale del turno: 4,5 ore');
    expect(text).toContain('Ore come da offerta: nessuna conferma richiesta al titolare.');
    expect(text).toContain('Totale del mese: 2 turni, 14 ore, 190,00 € lordi');
    expect(text).toContain('Totale del mese come concordato, con maggiorazioni e viaggio: 241,26 €');
    expect(text.replace(/\n/g, ' ')).toContain('non sono una busta paga né un documento fiscale.');
    expect(text).toContain('Documento generato il 12/06/2030 da Farmaponte.');
    expect(text).toContain('Pagina 1 di 1');
  });

  it('a month with 31 shifts runs over pages, numbered; a name in another alphabet does not stop it', async () => {
    t.clock.now = new Date('2030-08-05T10:00:00Z');
    const owner = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Аптека Łódź' } });
    const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Zoë', surname: 'Ōta' } });
    for (let day = 1; day <= 31; day++) {
      const date = `2030-07-${String(day).padStart(2, '0')}`;
      await accepted(owner, anna, {
        title: `Turno del ${day}`,
        dateFrom: date,
        dateTo: date,
        startTime: '08:00',
        endTime: '14:00',
        hourlyPay: 21.5,
      });
    }
    const response = await get(anna, '/api/shifts/mine/statement.pdf?year=2030&month=7');
    expect(response.statusCode).toBe(200);
    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.map((lines) => lines.at(-1))).toEqual(pages.map((_, i) => `Pagina ${i + 1} di ${pages.length}`));
    const text = pages.flat().join('\n');
    expect(text).toContain('Farmacista: Zoë Ota');
    // Cyrillic is not in the font: '?'; 'ź' loses its accent, 'ó' keeps it, 'Ł' (a letter of its own) is '?'.
    expect(text).toContain('?????? ?ódz – Turno del 31');
    expect(text).toContain('Totale del mese: 31 turni, 186 ore, 3.999,00 € lordi');
  });

  it('an empty month says so; who may ask: 401, 403 for an owner, 400 for a month that is not one', async () => {
    t.clock.now = new Date('2030-06-20T10:00:00Z');
    const { owner, anna } = await people();
    const empty = await get(anna, '/api/shifts/mine/statement.pdf?year=2030&month=2');
    expect((await pdfPages(empty.rawPayload)).flat()).toContain('Nessun turno lavorato in questo mese.');
    expect((await get(undefined, '/api/shifts/mine/statement.pdf?year=2030&month=6')).statusCode).toBe(401);
    expect((await get(owner, '/api/shifts/mine/statement.pdf?year=2030&month=6')).statusCode).toBe(403);
    expect((await get(anna, '/api/shifts/mine/statement.pdf?year=2030&month=0')).statusCode).toBe(400);
  });
});

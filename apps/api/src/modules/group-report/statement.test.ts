/**
 * The group's monthly statement (decision 091): the CSV read back as Excel on an Italian system reads it, the PDF
 * opened with pdf-lib and its text read from its pages, each against a hand calculation; who may have which.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { shiftOf, smallGroup } from '../../../test/group';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { addedPharmacy, staffMember } from '../../../test/organisation';
import { pdfPages } from '../../../test/pdf-text';

const t = useTestApp();

const statement = (who: TSignedIn | undefined, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/organisation/report/statement/${query}`, headers: who?.headers });

/** The CSV's lines without the BOM, which it must start with. */
function csvLines(bytes: Buffer): string[] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3));
  expect(text.endsWith('\r\n')).toBe(true);
  return text.trimEnd().split('\r\n');
}

const HEADER =
  'Data;Farmacia;Comune;Farmacista;Offerta;Inizio;Fine;Ore;Paga oraria (€);Importo (€);Ore corrette;Risposta del titolare';
/** Farmacia del Borgo's June (added by the titolare: in Torino), as the group's statement and its own write it. */
const BORGO_ROWS = [
  // Bruno's weekend, 8 hours a day, the offer without an hourly pay: no amount.
  '15/06/2030;Farmacia del Borgo;Torino;Bruno Galli;Fine settimana;09:00;17:00;8;;;no;',
  '16/06/2030;Farmacia del Borgo;Torino;Bruno Galli;Fine settimana;09:00;17:00;8;;;no;',
  // Anna's two days without hours: the pay is there, the hours and the amount are not yet.
  '18/06/2030;Farmacia del Borgo;Torino;Anna Neri;Senza orario;;;;20,00;;no;',
  '19/06/2030;Farmacia del Borgo;Torino;Anna Neri;Senza orario;;;;20,00;;no;',
  'Totale farmacia;Farmacia del Borgo;Torino;;;;;16;;0,00;;',
];

describe('the statement as CSV', () => {
  it("has a row per day worked, each pharmacy's total and the group's, as worked out by hand", async () => {
    const { titolare } = await smallGroup(t);
    const response = await statement(titolare, '?month=2030-06&format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="farmaponte-estratto-gruppo-2030-06.csv"');
    expect(csvLines(response.rawPayload)).toEqual([
      HEADER,
      // Anna's nights of the 1st and 2nd, 20:00–02:00: 6 h at 24,00 € = 144,00 € each.
      '01/06/2030;Farmacia Centrale;Bergamo;Anna Neri;Notte;20:00;02:00;6;24,00;144,00;no;',
      '02/06/2030;Farmacia Centrale;Bergamo;Anna Neri;Notte;20:00;02:00;6;24,00;144,00;no;',
      // Her mornings: 4 h at 20,00 € = 80,00 €; the 5th corrected to 5,5 h = 110,00 €, waiting for the owner.
      '03/06/2030;Farmacia Centrale;Bergamo;Anna Neri;Mattine;09:00;13:00;4;20,00;80,00;no;',
      '04/06/2030;Farmacia Centrale;Bergamo;Anna Neri;Mattine;09:00;13:00;4;20,00;80,00;no;',
      '05/06/2030;Farmacia Centrale;Bergamo;Anna Neri;Mattine;09:00;14:30;5,5;20,00;110,00;sì;da confermare',
      // Bruno's afternoon: 4,5 h at 18,50 € = 83,25 €.
      '10/06/2030;Farmacia Centrale;Bergamo;Bruno Galli;Pomeriggio;15:00;19:30;4,5;18,50;83,25;no;',
      // 6 + 6 + 4 + 4 + 5,5 + 4,5 = 30 h; 144 + 144 + 80 + 80 + 110 + 83,25 = 641,25 €.
      'Totale farmacia;Farmacia Centrale;Bergamo;;;;;30;;641,25;;',
      ...BORGO_ROWS,
      // 30 + 16 = 46 h, 641,25 + 0 = 641,25 €: the report's figures for June.
      'Totale gruppo;;;;;;;46;;641,25;;',
    ]);
    const report = (
      await t.app.inject({
        method: 'GET',
        url: '/api/organisation/report/?from=2030-06-01&to=2030-06-30',
        headers: titolare.headers,
      })
    ).json();
    expect([report.totals.worked.minutes / 60, report.totals.worked.gross]).toEqual([46, 641.25]);
  });

  it("one pharmacy's statement has its days and total; a responsabile has it for theirs and the group's is theirs alone", async () => {
    const { titolare, centrale, borgo } = await smallGroup(t);
    const responsabile = await staffMember(t, titolare, 'responsabile', [borgo], 'Paola', 'Ferri');
    const own = await statement(responsabile, `?month=2030-06&pharmacy=${borgo}&format=csv`);
    expect(own.headers['content-disposition']).toBe('attachment; filename="farmaponte-estratto-farmacia-del-borgo-2030-06.csv"');
    expect(csvLines(own.rawPayload)).toEqual([HEADER, ...BORGO_ROWS]);
    // Without a pharmacy: the group they see, the Borgo alone, with the group's total.
    const group = await statement(responsabile, '?month=2030-06&format=csv');
    expect(csvLines(group.rawPayload)).toEqual([HEADER, ...BORGO_ROWS, 'Totale gruppo;;;;;;;16;;0,00;;']);
    // The pharmacy they do not act for, and a number that is no pharmacy: 404 alike.
    for (const pharmacy of [centrale, 999_999]) {
      const refused = await statement(responsabile, `?month=2030-06&pharmacy=${pharmacy}&format=csv`);
      expect([refused.statusCode, refused.json().code]).toEqual([404, 'pharmacy_not_found']);
    }
    // Consultazione reads it too.
    const viewer = await staffMember(t, titolare, 'consultazione', [borgo], 'Luca', 'Sala');
    expect(csvLines((await statement(viewer, `?month=2030-06&pharmacy=${borgo}&format=csv`)).rawPayload)).toEqual([
      HEADER,
      ...BORGO_ROWS,
    ]);
  });

  it('a month without shifts has the header and a zero total; the current month without one', async () => {
    const { titolare, borgo } = await smallGroup(t);
    const empty = await statement(titolare, `?month=2030-02&pharmacy=${borgo}&format=csv`);
    expect(csvLines(empty.rawPayload)).toEqual([HEADER, 'Totale farmacia;Farmacia del Borgo;Torino;;;;;0;;0,00;;']);
    const current = await statement(titolare, '?format=csv');
    expect(current.headers['content-disposition']).toBe('attachment; filename="farmaponte-estratto-gruppo-2030-06.csv"');
  });
});

describe('the statement as PDF', () => {
  it('is an A4 PDF titled with the organisation and the month, with each day, the totals and the accents', async () => {
    const { titolare } = await smallGroup(t);
    const response = await statement(titolare, '?month=2030-06&format=pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="farmaponte-estratto-gruppo-2030-06.pdf"');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Estratto mensile — Società Farmacie Orobiche S.r.l. — giugno 2030');
    expect(doc.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual([[595.28, 841.89]]);

    const lines = (await pdfPages(bytes))[0] ?? [];
    // The title, wrapped to the page's width, with its accent and its dashes.
    expect(lines.slice(0, 2).join(' ')).toBe('Estratto mensile — Società Farmacie Orobiche S.r.l. — giugno 2030');
    const text = lines.join('\n');
    expect(text).toContain('Farmacie: tutte le 2 che puoi vedere');
    expect(text).toContain(['Farmacia Centrale – Bergamo', 'Data', 'Farmacista', 'Offerta', 'Orario', 'Ore', '€/ora'].join('\n'));
    expect(text).toContain(['05/06/2030', 'Anna Neri', 'Mattine', '09:00–14:30 *', '5,5', '20,00', '110,00'].join('\n'));
    expect(text).toContain(['18/06/2030', 'Anna Neri', 'Senza orario', 'orario da indicare', '20,00'].join('\n'));
    expect(text).toContain('Totale della farmacia: 6 turni, 30 ore, 641,25 €');
    expect(text).toContain('Totale della farmacia: 4 turni, 16 ore, 0,00 €');
    expect(text).toContain('Totale del gruppo: 10 turni, 46 ore, 641,25 €');
    expect(text).toContain("* Orario corretto dal farmacista rispetto a quello dell'offerta.");
    expect(text).toContain('Documento generato il 20/06/2030 da Farmaponte.');
    expect(lines.at(-1)).toBe('Pagina 1 di 1');
  });

  it('a long month runs over pages, each naming its pharmacy and columns again and numbered', async () => {
    const { titolare } = await smallGroup(t);
    const city = await addedPharmacy(t, titolare, 'Farmacia di Città Alta');
    const people = await Promise.all(
      ['Bianca', 'Carlo', 'Dario'].map((name) => signedIn(t.app, 'farmacista', { profile: { name, surname: 'Conti' } })),
    );
    // Three pharmacists every day of May, 08:00–14:00 at 21,50 €: 93 days of 6 h = 558 h, 93 × 129,00 = 11.997,00 €.
    await shiftOf(
      t,
      city,
      {
        title: 'Maggio',
        dateFrom: '2030-05-01',
        dateTo: '2030-05-31',
        startTime: '08:00',
        endTime: '14:00',
        hourlyPay: 21.5,
        positions: 3,
      },
      ...people,
    );
    const response = await statement(titolare, `?month=2030-05&pharmacy=${city}&format=pdf`);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="farmaponte-estratto-farmacia-di-citta-alta-2030-05.pdf"',
    );
    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.map((lines) => lines.at(-1))).toEqual(pages.map((_, i) => `Pagina ${i + 1} di ${pages.length}`));
    // Every page after the first that carries days starts with the pharmacy and the columns' names.
    const runOn = pages.slice(1).filter((lines) => lines.some((line) => /^\d\d\/05\/2030$/.test(line)));
    expect(runOn.length).toBeGreaterThan(0);
    for (const lines of runOn)
      expect(lines.slice(0, 3)).toEqual(['Farmacia di Città Alta – Torino (continua)', 'Data', 'Farmacista']);
    const text = pages.flat().join('\n');
    expect(text).toContain('Farmacia: Farmacia di Città Alta');
    expect(text.match(/^\d\d\/05\/2030$/gm)).toHaveLength(93);
    expect(text).toContain('Totale della farmacia: 93 turni, 558 ore, 11.997,00 €');
    // One pharmacy asked: no group total.
    expect(text).not.toContain('Totale del gruppo');
  });
});

describe('who may have it, and what it must be asked with', () => {
  it('401 without a session, 403 for a pharmacist, 404 for a pharmacy of another organisation', async () => {
    const { anna, borgo } = await smallGroup(t);
    expect((await statement(undefined, '?format=csv')).statusCode).toBe(401);
    expect((await statement(anna, '?format=csv')).statusCode).toBe(403);
    const stranger = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Lontana' } });
    const refused = await statement(stranger, `?month=2030-06&pharmacy=${borgo}&format=pdf`);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'pharmacy_not_found']);
  });

  it.each([
    ['?month=2030-06', 'format', 'Scegli il formato: csv o pdf.'],
    ['?month=2030-06&format=xlsx', 'format', 'Scegli il formato: csv o pdf.'],
    ['?month=2030-13&format=csv', 'month', 'Indica un mese valido nel formato AAAA-MM, tra il 2000 e il 2100.'],
    ['?month=1999-12&format=csv', 'month', 'Indica un mese valido nel formato AAAA-MM, tra il 2000 e il 2100.'],
    ['?month=2030-06&pharmacy=centrale&format=csv', 'pharmacy', 'Indica la farmacia con il suo numero.'],
    ['?month=2030-06&pharmacy=-3&format=csv', 'pharmacy', 'Indica la farmacia con il suo numero.'],
  ])('%s is 400 with an Italian message on %s', async (query, field, message) => {
    const owner = await signedIn(t.app, 'titolare');
    const response = await statement(owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: { [field]: message } });
  });
});

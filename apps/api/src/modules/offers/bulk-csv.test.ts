/**
 * POST /api/offers/bulk/csv/ (decision 090): every problem of every row named, nothing published until the file is
 * clean; a clean file published whole, one series per pharmacy; only the pharmacies the person may publish for.
 */
import { daysFromNow, formatDate, MESSAGES, type TMyOffer } from '@farmaponte/shared';
import { BULK_MESSAGES } from '@farmaponte/shared/bulk-offers';
import { ORGANISATION_MESSAGES } from '@farmaponte/shared/organisation';
import { describe, expect, it } from 'vitest';
import { signedIn, tableSnapshot, useTestApp } from '../../../test/helpers';
import { actingFor, addPharmacy, organisationOf, signedInMember } from '../../../test/organisation-members';
import { offers, pharmacySettings } from '../../db/schema';

const t = useTestApp();

const day = (n: number) => daysFromNow(n, t.clock.now);
const upload = (headers: Record<string, string>, csv: string | Buffer, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/offers/bulk/csv/${query}`,
    headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });
const lines = (...rows: string[]) => `${rows.join('\r\n')}\r\n`;
const mine = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers })).json() as TMyOffer[];

describe('a CSV with mistakes', () => {
  it('names every error of every row by row and column, and publishes nothing', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const before = await tableSnapshot(t.database);
    const csv = lines(
      'data;inizio;fine;paga_oraria;posti;titolo;descrizione',
      `${formatDate(day(3))};09:00;13:00;18,50;1;Mattina;Banco`,
      `31/02/2027;09:00;13:00;18,50;1;Mattina;Banco`,
      `${day(4)};14:00;12:00;tanti;1;Po;Banco`,
      `${formatDate(day(-1))};09:00;13:00;18;1;Mattina;Banco`,
      `${day(5)};09:00;13:00;18;30;Mattina;`,
    );
    const response = await upload(owner.headers, csv);
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.code).toBe('csv_invalid');
    expect(answer.rows).toEqual([
      { row: 3, column: 'data', message: BULK_MESSAGES.csvRowError(3, 'data', BULK_MESSAGES.csvDate('31/02/2027')) },
      { row: 4, column: 'titolo', message: BULK_MESSAGES.csvRowError(4, 'titolo', MESSAGES.offerTitle) },
      { row: 4, column: 'paga_oraria', message: BULK_MESSAGES.csvRowError(4, 'paga_oraria', MESSAGES.offerHourlyPay) },
      { row: 4, column: 'fine', message: BULK_MESSAGES.csvRowError(4, 'fine', MESSAGES.offerTimeOrder) },
      {
        row: 5,
        column: 'data',
        message: BULK_MESSAGES.csvRowError(5, 'data', BULK_MESSAGES.dayInPast(formatDate(day(-1)))),
      },
      { row: 6, column: 'descrizione', message: BULK_MESSAGES.csvRowError(6, 'descrizione', MESSAGES.offerDescription) },
      { row: 6, column: 'posti', message: BULK_MESSAGES.csvRowError(6, 'posti', MESSAGES.offerPositions) },
    ]);
    expect(answer.message).toBe(BULK_MESSAGES.csvHasErrors(7));
    expect(await tableSnapshot(t.database)).toEqual(before);
  });

  it('refuses a file that is not UTF-8, one without its columns, and one past the row limit', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const latin1 = Buffer.from(`data;titolo\n${day(3)};Caffè\n`, 'latin1');
    const notUtf8 = await upload(owner.headers, latin1);
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json().message).toBe(BULK_MESSAGES.csvNotUtf8);

    const header = await upload(owner.headers, lines('giorno;titolo;paga', `${day(3)};Mattina;18`));
    expect(header.statusCode).toBe(400);
    expect(header.json().rows.map((r: { message: string }) => r.message)).toEqual([
      BULK_MESSAGES.csvFileError(BULK_MESSAGES.csvUnknownColumn('giorno')),
      BULK_MESSAGES.csvFileError(BULK_MESSAGES.csvUnknownColumn('paga')),
      BULK_MESSAGES.csvFileError(BULK_MESSAGES.csvMissingColumn('data')),
    ]);

    const many = lines('data;titolo;paga_oraria', ...Array.from({ length: 1001 }, () => `${day(3)};Mattina;18`));
    const tooMany = await upload(owner.headers, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(BULK_MESSAGES.csvTooManyRows(1001));
    expect(await mine(owner.headers)).toEqual([]);
  });
});

describe('a clean CSV', () => {
  it("publishes every row in one go, each pharmacy's rows as one series, named by id or registry code", async () => {
    const owner = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Brera' } });
    const organisation = await organisationOf(t.app.db, owner.user.id);
    const branch = await addPharmacy(t.app.db, organisation, { name: 'Farmacia del Porto', code: '7788' });
    await t.app.db.insert(pharmacySettings).values({ pharmacyId: branch, hourlyPay: 21, note: 'Chiedere di Anna.' });
    // Commas between fields: the pay with a decimal comma is quoted, as a spreadsheet writes it.
    const csv = lines(
      'Farmacia,Data,Inizio,Fine,Paga_oraria,Posti,Titolo,Descrizione',
      `,${formatDate(day(3))},09:00,13:00,"18,50",1,Mattina,"Banco, ricette"`,
      `${owner.user.id},${day(4)},14:00:00,19:00:00,18.5 €,2,Pomeriggio,Banco`,
      `7788,${day(3)},,,,,Turno al porto,`,
      `${branch},${day(10)},08:30,12:30,,,Turno al porto,"Due righe:
banco e magazzino"`,
    );
    const checked = await upload(owner.headers, csv, '?check_only=true');
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ check_only: true, count: 4 });
    expect(await t.app.db.select().from(offers)).toEqual([]);

    const response = await upload(owner.headers, csv);
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({ message: BULK_MESSAGES.published(4), count: 4 });
    expect(answer.series.map((s: { pharmacy: string; days: string[] }) => [s.pharmacy, s.days])).toEqual([
      ['Farmacia Brera', [day(3), day(4)]],
      ['Farmacia del Porto', [day(3), day(10)]],
    ]);
    const ours = await mine(owner.headers);
    expect(ours.map((o) => [o.date_from, o.start_time, o.end_time, o.hourly_pay, o.positions, o.description]).sort()).toEqual([
      [day(3), '09:00', '13:00', 18.5, 1, 'Banco, ricette'],
      [day(4), '14:00', '19:00', 18.5, 2, 'Banco'],
    ]);
    const theirs = await mine({ ...owner.headers, 'x-farmacia': String(branch) });
    expect(theirs.map((o) => [o.date_from, o.hourly_pay, o.description]).sort()).toEqual([
      [day(3), 21, 'Chiedere di Anna.'],
      [day(10), 21, 'Due righe:\nbanco e magazzino'],
    ]);
    expect(new Set(theirs.map((o) => o.series_id)).size).toBe(1);
    expect(theirs[0]?.series_id).not.toBe(ours[0]?.series_id);
  });
});

describe('the pharmacies a CSV may name', () => {
  it("refuses a row naming another organisation's pharmacy, or one a responsabile does not cover; nothing published", async () => {
    const owner = await signedIn(t.app, 'titolare');
    const organisation = await organisationOf(t.app.db, owner.user.id);
    const branch = await addPharmacy(t.app.db, organisation, { name: 'Farmacia del Porto' });
    const stranger = await signedIn(t.app, 'titolare');
    const manager = await signedInMember(t.app, organisation, 'responsabile', [branch]);

    const foreign = await upload(
      owner.headers,
      lines(
        'farmacia;data;titolo;paga_oraria;descrizione',
        `${branch};${day(3)};Turno;18;Banco`,
        `${stranger.user.id};${day(3)};Turno;18;Banco`,
      ),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().rows).toEqual([
      {
        row: 3,
        column: 'farmacia',
        message: BULK_MESSAGES.csvRowError(3, 'farmacia', BULK_MESSAGES.csvPharmacyUnknown(String(stranger.user.id))),
      },
    ]);

    const uncovered = await upload(
      actingFor(manager, branch),
      lines(
        'farmacia;data;titolo;paga_oraria;descrizione',
        `;${day(3)};Turno;18;Banco`,
        `${owner.user.id};${day(3)};Turno;18;Banco`,
      ),
    );
    expect(uncovered.statusCode).toBe(400);
    expect(uncovered.json().rows.map((r: { row: number; column: string }) => [r.row, r.column])).toEqual([[3, 'farmacia']]);
    expect(await t.app.db.select().from(offers)).toEqual([]);

    // Its own rows only, the same file publishes for the responsabile, written as theirs.
    const covered = await upload(
      actingFor(manager, branch),
      lines('data;titolo;paga_oraria;descrizione', `${day(3)};Turno;18;Banco`),
    );
    expect(covered.statusCode).toBe(201);
    expect(await t.app.db.select({ ownerId: offers.ownerId, createdBy: offers.createdBy }).from(offers)).toEqual([
      { ownerId: branch, createdBy: manager.user.id },
    ]);
  });

  it('no session: 401; a pharmacist: 403; consultazione: 403 read_only_member', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const reader = await signedInMember(t.app, await organisationOf(t.app.db, owner.user.id), 'consultazione', [owner.user.id]);
    const pharmacist = await signedIn(t.app, 'farmacista');
    const csv = lines('data;titolo;paga_oraria', `${day(3)};Turno;18`);
    expect((await upload({}, csv)).statusCode).toBe(401);
    expect((await upload(pharmacist.headers, csv)).statusCode).toBe(403);
    const readOnly = await upload(actingFor(reader, owner.user.id), csv);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toMatchObject({ code: 'read_only_member', message: ORGANISATION_MESSAGES.readOnly });
    expect(await t.app.db.select().from(offers)).toEqual([]);
  });
});

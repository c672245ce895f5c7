/**
 * The legal forms of an offer (decision 093): written by the single offer, its edit, a bulk publish, a CSV and a
 * series' edit; prestazione occasionale refused with nothing written; answered by every list; the search's `forma`.
 */
import { daysFromNow, OCCASIONAL_WORK, type TMyOffer } from '@farmaponte/shared';
import { BULK_MESSAGES } from '@farmaponte/shared/bulk-offers';
import { ENGAGEMENT_MESSAGES } from '@farmaponte/shared/messages-engagement';
import { describe, expect, it } from 'vitest';
import { signedIn, tableSnapshot, useTestApp } from '../../../test/helpers';
import { createOffer, createOwner } from '../../factories';

const t = useTestApp();

const day = (n: number) => daysFromNow(n, t.clock.now);
const offerInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Turno festivo',
  description: 'Banco e consulenza.',
  date_from: day(3),
  date_to: day(3),
  hourly_pay: 22,
  ...overrides,
});
const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/offers/create/', headers, payload });
/** A CSV of morning shifts, one a row: its day (days from now) and its `forma` cell. */
const uploadForms = (headers: Record<string, string>, rows: [number, string][]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/offers/bulk/csv/',
    headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
    payload: [
      'data;titolo;descrizione;paga_oraria;forma',
      ...rows.map(([n, forma]) => `${day(n)};Mattina;Banco;20;${forma}`),
    ].join('\n'),
  });
const mine = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers })).json() as TMyOffer[];

describe('an offer written with its legal forms', () => {
  it('is dipendente at level 1 when the client names no form, as every client before decision 093', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const response = await create(owner.headers, offerInput());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ legal_forms: ['dipendente'], ccnl_level: '1' });
  });

  it('stores one or both forms, dipendente first, and no CCNL level without dipendente', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const both = await create(owner.headers, offerInput({ legal_forms: ['libera_professione', 'dipendente'], ccnl_level: 'Q2' }));
    expect(both.statusCode).toBe(201);
    expect(both.json()).toMatchObject({ legal_forms: ['dipendente', 'libera_professione'], ccnl_level: 'Q2' });
    const freelance = await create(owner.headers, offerInput({ legal_forms: ['libera_professione'], ccnl_level: 'Q1' }));
    expect(freelance.json()).toMatchObject({ legal_forms: ['libera_professione'], ccnl_level: null });
    const listed = await mine(owner.headers);
    expect(listed.map((offer) => [offer.legal_forms, offer.ccnl_level])).toEqual([
      [['libera_professione'], null],
      [['dipendente', 'libera_professione'], 'Q2'],
    ]);
  });

  it.each([
    ['prestazione_occasionale', ['prestazione_occasionale']],
    ['occasionale, beside a lawful form', ['dipendente', 'occasionale']],
    ['Lavoro occasionale as typed', ['Lavoro occasionale']],
  ])('refuses %s with the ENPAF reason and writes nothing', async (_, legalForms) => {
    const owner = await signedIn(t.app, 'titolare');
    const before = await tableSnapshot(t.database);
    const response = await create(owner.headers, offerInput({ legal_forms: legalForms }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'legal_form_not_allowed',
      message: OCCASIONAL_WORK.refusal,
      fields: { legal_forms: OCCASIONAL_WORK.refusal },
    });
    expect(await tableSnapshot(t.database)).toEqual(before);
  });

  it.each([
    ['an unknown form', { legal_forms: ['stage'] }, 'legal_form_invalid', ENGAGEMENT_MESSAGES.legalFormInvalid],
    ['no form at all', { legal_forms: [] }, 'legal_form_invalid', ENGAGEMENT_MESSAGES.legalFormInvalid],
    ['a form twice', { legal_forms: ['dipendente', 'dipendente'] }, 'legal_form_invalid', ENGAGEMENT_MESSAGES.legalFormInvalid],
    ['a form as a string', { legal_forms: 'dipendente' }, 'legal_form_invalid', ENGAGEMENT_MESSAGES.legalFormInvalid],
    ['a level the CCNL has not', { ccnl_level: '2' }, 'ccnl_level_invalid', ENGAGEMENT_MESSAGES.ccnlLevelInvalid],
  ])('refuses %s with its own code', async (_, fields, code, message) => {
    const owner = await signedIn(t.app, 'titolare');
    const response = await create(owner.headers, offerInput(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, message });
    expect(await mine(owner.headers)).toEqual([]);
  });

  it('keeps its forms on an edit that names none, and drops the level when dipendente goes', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const { id } = (
      await create(owner.headers, offerInput({ legal_forms: ['dipendente', 'libera_professione'], ccnl_level: 'Q3' }))
    ).json();
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/offers/${id}/update/`, headers: owner.headers, payload });

    const untouched = await update(offerInput({ title: 'Turno festivo e prefestivo' }));
    expect(untouched.statusCode).toBe(200);
    expect(untouched.json()).toMatchObject({ legal_forms: ['dipendente', 'libera_professione'], ccnl_level: 'Q3' });
    const level = await update(offerInput({ ccnl_level: 'Q1' }));
    expect(level.json()).toMatchObject({ legal_forms: ['dipendente', 'libera_professione'], ccnl_level: 'Q1' });
    const freelance = await update(offerInput({ legal_forms: ['libera_professione'] }));
    expect(freelance.json()).toMatchObject({ legal_forms: ['libera_professione'], ccnl_level: null });
    // A level alone means nothing to a freelance shift: it stays without one.
    const ignored = await update(offerInput({ ccnl_level: 'Q2' }));
    expect(ignored.json()).toMatchObject({ legal_forms: ['libera_professione'], ccnl_level: null });
    const employee = await update(offerInput({ legal_forms: ['dipendente'] }));
    expect(employee.json()).toMatchObject({ legal_forms: ['dipendente'], ccnl_level: '1' });

    const refused = await update(offerInput({ legal_forms: ['prestazione_occasionale'] }));
    expect(refused.json()).toMatchObject({ code: 'legal_form_not_allowed' });
    expect((await mine(owner.headers))[0]).toMatchObject({ legal_forms: ['dipendente'], ccnl_level: '1' });
  });
});

describe('many shifts with their legal forms', () => {
  it('publishes a bulk template under its forms, and refuses occasional work with nothing written', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const template = { title: 'Sabato', description: 'Banco.', hourly_pay: 20, dates: [day(2), day(9)] };
    const before = await tableSnapshot(t.database);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/offers/bulk/',
      headers: owner.headers,
      payload: { ...template, legal_forms: ['lavoro_occasionale'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'legal_form_not_allowed', fields: { legal_forms: OCCASIONAL_WORK.refusal } });
    expect(await tableSnapshot(t.database)).toEqual(before);

    const published = await t.app.inject({
      method: 'POST',
      url: '/api/offers/bulk/',
      headers: owner.headers,
      payload: { ...template, legal_forms: ['libera_professione'] },
    });
    expect(published.statusCode).toBe(201);
    const seriesId: string = published.json().series[0].series_id;
    expect((await mine(owner.headers)).map((offer) => offer.legal_forms)).toEqual([
      ['libera_professione'],
      ['libera_professione'],
    ]);

    // The series' edit gives its days the forms and the level.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/series/${seriesId}/update/`,
      headers: owner.headers,
      payload: {
        title: 'Sabato',
        description: 'Banco.',
        hourly_pay: 20,
        legal_forms: ['dipendente', 'libera_professione'],
        ccnl_level: 'Q3',
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().offers.map((offer: TMyOffer) => [offer.legal_forms, offer.ccnl_level])).toEqual([
      [['dipendente', 'libera_professione'], 'Q3'],
      [['dipendente', 'libera_professione'], 'Q3'],
    ]);
    const refusedEdit = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/series/${seriesId}/update/`,
      headers: owner.headers,
      payload: { title: 'Sabato', description: 'Banco.', hourly_pay: 20, legal_forms: ['occasionale'] },
    });
    expect(refusedEdit.json()).toMatchObject({ code: 'legal_form_not_allowed' });
  });

  it("reads a CSV's `forma` column: dipendente, libera professione, entrambe, empty", async () => {
    const owner = await signedIn(t.app, 'titolare');
    const response = await uploadForms(owner.headers, [
      [2, 'dipendente'],
      [3, 'Libera professione'],
      [4, 'entrambe'],
      [5, ''],
    ]);
    expect(response.statusCode).toBe(201);
    const listed = (await mine(owner.headers)).sort((a, b) => String(a.date_from).localeCompare(String(b.date_from)));
    expect(listed.map((offer) => [offer.legal_forms, offer.ccnl_level])).toEqual([
      [['dipendente'], '1'],
      [['libera_professione'], null],
      [['dipendente', 'libera_professione'], '1'],
      [['dipendente'], '1'],
    ]);
  });

  it('names the row of a CSV that asks for occasional work or an unknown form, and publishes nothing', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const before = await tableSnapshot(t.database);
    const response = await uploadForms(owner.headers, [
      [2, 'dipendente'],
      [3, 'prestazione occasionale'],
      [4, 'stagista'],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().rows).toEqual([
      { row: 3, column: 'forma', message: BULK_MESSAGES.csvRowError(3, 'forma', OCCASIONAL_WORK.refusal) },
      { row: 4, column: 'forma', message: BULK_MESSAGES.csvRowError(4, 'forma', ENGAGEMENT_MESSAGES.legalFormInvalid) },
    ]);
    expect(await tableSnapshot(t.database)).toEqual(before);
  });
});

describe('the search by legal form', () => {
  it('finds with ?forma= the offers that offer it, an offer with both forms under either', async () => {
    const owner = await createOwner(t.app.db);
    const employee = await createOffer(t.app.db, owner.id, { title: 'Solo dipendente' });
    const freelance = await createOffer(t.app.db, owner.id, { title: 'Solo partita IVA', legalForms: ['libera_professione'] });
    const both = await createOffer(t.app.db, owner.id, { title: 'Entrambe', legalForms: ['dipendente', 'libera_professione'] });
    const pharmacist = await signedIn(t.app, 'farmacista');
    const search = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/offers/?${query}`, headers: pharmacist.headers });
      return response;
    };
    const ids = async (query: string) => ((await search(query)).json() as { id: number }[]).map((offer) => offer.id).sort();

    expect(await ids('forma=dipendente')).toEqual([employee.id, both.id].sort());
    expect(await ids('forma=libera_professione')).toEqual([freelance.id, both.id].sort());
    expect(await ids('forma=&sort=date')).toEqual([employee.id, freelance.id, both.id].sort());
    const found = (await search('forma=libera_professione')).json() as {
      id: number;
      legal_forms: string[];
      ccnl_level: string | null;
    }[];
    expect(found.find((offer) => offer.id === freelance.id)).toMatchObject({
      legal_forms: ['libera_professione'],
      ccnl_level: null,
    });

    const occasional = await search('forma=occasionale');
    expect(occasional.statusCode).toBe(400);
    expect(occasional.json()).toMatchObject({ code: 'legal_form_not_allowed', fields: { forma: OCCASIONAL_WORK.refusal } });
    expect((await search('forma=stage')).json()).toMatchObject({ code: 'legal_form_invalid' });
    // The whole list (no parameter) carries the forms too.
    const all = (await t.app.inject({ method: 'GET', url: '/api/offers/', headers: pharmacist.headers })).json() as {
      id: number;
      legal_forms: string[];
    }[];
    expect(all.find((offer) => offer.id === both.id)?.legal_forms).toEqual(['dipendente', 'libera_professione']);
  });

  it('filters the map, and a saved search keeps the form', async () => {
    const owner = await createOwner(t.app.db, { profile: { comune_farmacia: 'Milano' } });
    await createOffer(t.app.db, owner.id, { legalForms: ['libera_professione'] });
    await createOffer(t.app.db, owner.id, {});
    const pharmacist = await signedIn(t.app, 'farmacista');
    const map = async (forma: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/offers/map/?bbox=8.9,45.3,9.5,45.6&zoom=10&forma=${forma}`,
          headers: pharmacist.headers,
        })
      ).json();
    expect((await map('libera_professione')).count).toBe(1);
    expect((await map('dipendente')).count).toBe(1);
    expect((await map('')).count).toBe(2);

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches/',
      headers: pharmacist.headers,
      payload: { name: 'Partita IVA a Milano', filters: { comune: 'Milano', forma: 'libera_professione' } },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().filters).toEqual({ comune: 'Milano', forma: 'libera_professione' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches/',
      headers: pharmacist.headers,
      payload: { name: 'Occasionale', filters: { forma: 'prestazione_occasionale' } },
    });
    expect(refused.json()).toMatchObject({ code: 'legal_form_not_allowed' });
  });
});

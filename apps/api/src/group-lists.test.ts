/**
 * The owner's lists for a whole group (decision 092): with `X-Farmacia: tutte` the received applications, their counts
 * and the offers are those of every pharmacy in the person's reach, each row saying which pharmacy it belongs to;
 * without it, or naming one pharmacy, those of that pharmacy alone. On PGlite and PostgreSQL.
 */
import { MESSAGES } from '@farmaponte/shared';
import { ORGANISATION_MESSAGES as M } from '@farmaponte/shared/organisation';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../test/helpers';
import { actingFor, addedPharmacy, staffMember } from '../test/organisation';
import { createApplication, createOffer, createPharmacist, giveCv } from './factories';

const t = useTestApp();

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

type TRow = { id: number; pharmacy?: { id: number; name: string } };
const pharmaciesOf = (rows: TRow[]) => rows.map((row) => row.pharmacy?.name);

/**
 * A titolare's organisation of two pharmacies, Farmacia Centrale (their own) and Farmacia del Borgo, with an offer
 * each and five applications between them, sent a minute apart and alternating pharmacies (the newest to the Centrale).
 */
async function group() {
  const titolare = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Centrale' } });
  const centrale = titolare.user.id;
  const borgo = await addedPharmacy(t, titolare, 'Farmacia del Borgo');
  const db = t.database.db;
  const offerOf = {
    [centrale]: await createOffer(db, centrale, { title: 'Turno in centro' }),
    [borgo]: await createOffer(db, borgo, { title: 'Turno al borgo' }),
  };
  const start = t.clock.now.getTime() - 60 * 60_000;
  const applications: { id: number; pharmacyId: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const pharmacyId = i % 2 === 0 ? centrale : borgo;
    const pharmacist = await createPharmacist(db, { profile: { name: `Farmacista${i}` } });
    await giveCv(db, pharmacist.id);
    const offer = offerOf[pharmacyId];
    if (!offer) throw new Error('no offer');
    const { id } = await createApplication(db, offer.id, pharmacist.id, new Date(start + i * 60_000));
    applications.push({ id, pharmacyId });
  }
  const borgoOffer = offerOf[borgo]?.id ?? 0;
  return { titolare, centrale, borgo, borgoOffer, applications: applications.reverse() };
}

describe("a group's received applications", () => {
  it('are every pharmacy’s with tutte, newest first, each with its pharmacy; one pharmacy’s without it', async () => {
    const { titolare, centrale, borgo, applications } = await group();
    const all = await get('/api/titolare/candidatures/', actingFor(titolare, 'tutte'));
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('5');
    const rows = all.json() as TRow[];
    expect(rows.map((row) => row.id)).toEqual(applications.map((a) => a.id));
    expect(rows.map((row) => row.pharmacy?.id)).toEqual(applications.map((a) => a.pharmacyId));
    expect(pharmaciesOf(rows)).toEqual([
      'Farmacia Centrale',
      'Farmacia del Borgo',
      'Farmacia Centrale',
      'Farmacia del Borgo',
      'Farmacia Centrale',
    ]);
    // Without the header: the titolare's own pharmacy, as before groups, with the field too; naming one: that one.
    const own = await get('/api/titolare/candidatures/', titolare.headers);
    expect(own.headers['x-total-count']).toBe('3');
    expect(pharmaciesOf(own.json())).toEqual(['Farmacia Centrale', 'Farmacia Centrale', 'Farmacia Centrale']);
    const second = await get('/api/titolare/candidatures/', actingFor(titolare, borgo));
    expect(second.headers['x-total-count']).toBe('2');
    expect((second.json() as TRow[]).every((row) => row.pharmacy?.id === borgo)).toBe(true);
    // The counts alike.
    const counts = async (pharmacy: number | 'tutte') =>
      (await get('/api/titolare/candidatures/counts/', actingFor(titolare, pharmacy))).json();
    expect(await counts('tutte')).toMatchObject({ total: 5, by_status: { sent: 5 } });
    expect(await counts(centrale)).toMatchObject({ total: 3 });
    expect(await counts(borgo)).toMatchObject({ total: 2 });
  });

  it('opens each applicant’s CV through the link of the card, whichever pharmacy received it', async () => {
    const { titolare, borgo } = await group();
    const rows = (await get('/api/titolare/candidatures/', actingFor(titolare, 'tutte'))).json() as (TRow & {
      farmacista: { pdf_file: string | null };
    })[];
    const atBorgo = rows.find((row) => row.pharmacy?.id === borgo);
    const link = new URL(atBorgo?.farmacista.pdf_file ?? 'http://x/none');
    const opened = await get(link.pathname + link.search);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('application/pdf');
  });

  it('are paged across the group, with the total of the group in X-Total-Count', async () => {
    const { titolare, borgo, borgoOffer, applications } = await group();
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const answer = await get(`/api/titolare/candidatures/?page=${page}&page_size=2`, actingFor(titolare, 'tutte'));
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-total-count']).toBe('5');
      seen.push(...(answer.json() as TRow[]).map((row) => row.id));
    }
    expect(seen).toEqual(applications.map((a) => a.id));
    // Past the last page: no rows, the same total.
    const past = await get('/api/titolare/candidatures/?page=4&page_size=2', actingFor(titolare, 'tutte'));
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    // Filtered by one pharmacy's offer, the group's list reads only that offer's, paged too.
    const byOffer = await get(
      `/api/titolare/candidatures/?offer_id=${borgoOffer}&page=2&page_size=1`,
      actingFor(titolare, 'tutte'),
    );
    expect(byOffer.headers['x-total-count']).toBe('2');
    expect(byOffer.json()).toEqual([
      expect.objectContaining({ id: applications[3]?.id, pharmacy: expect.objectContaining({ id: borgo }) }),
    ]);
  });
});

describe("a group's offers", () => {
  it('are every pharmacy’s with tutte, newest first, each with its pharmacy; one pharmacy’s without it', async () => {
    const { titolare, centrale, borgo } = await group();
    const all = await get('/api/offers/mine/', actingFor(titolare, 'tutte'));
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual([
      expect.objectContaining({ title: 'Turno al borgo', pharmacy: { id: borgo, name: 'Farmacia del Borgo' } }),
      expect.objectContaining({ title: 'Turno in centro', pharmacy: { id: centrale, name: 'Farmacia Centrale' } }),
    ]);
    expect((await get('/api/offers/mine/', titolare.headers)).json()).toEqual([
      expect.objectContaining({
        title: 'Turno in centro',
        applications_count: 3,
        pharmacy: { id: centrale, name: 'Farmacia Centrale' },
      }),
    ]);
    expect((await get('/api/offers/mine/', actingFor(titolare, borgo))).json()).toEqual([
      expect.objectContaining({ title: 'Turno al borgo', applications_count: 2 }),
    ]);
  });
});

describe('who may read a group’s lists', () => {
  it('a responsabile of one pharmacy sees only it with tutte; consultazione may read the group', async () => {
    const { titolare, centrale, borgo } = await group();
    const responsabile = await staffMember(t, titolare, 'responsabile', [borgo]);
    const received = await get('/api/titolare/candidatures/', actingFor(responsabile, 'tutte'));
    expect(received.statusCode).toBe(200);
    expect(received.headers['x-total-count']).toBe('2');
    expect((received.json() as TRow[]).every((row) => row.pharmacy?.id === borgo)).toBe(true);
    expect(pharmaciesOf((await get('/api/offers/mine/', actingFor(responsabile, 'tutte'))).json())).toEqual([
      'Farmacia del Borgo',
    ]);
    // The other pharmacy is out of their reach, named or not.
    expect((await get('/api/offers/mine/', actingFor(responsabile, centrale))).statusCode).toBe(404);

    const consultazione = await staffMember(t, titolare, 'consultazione', [centrale, borgo], 'Paolo', 'Verdi');
    const read = await get('/api/titolare/candidatures/', actingFor(consultazione, 'tutte'));
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-total-count']).toBe('5');
    expect((await get('/api/offers/mine/', actingFor(consultazione, 'tutte'))).json()).toHaveLength(2);
    expect((await get('/api/titolare/candidatures/counts/', actingFor(consultazione, 'tutte'))).json()).toMatchObject({
      total: 5,
    });
  });

  it('tutte on a write is 400 pharmacy_required, and the decision is not made', async () => {
    const { titolare, applications } = await group();
    const [application] = applications;
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/titolare/candidatures/${application?.id}/decision/`,
      headers: actingFor(titolare, 'tutte'),
      payload: { decision: 'rejected' },
    });
    expect(decided.statusCode).toBe(400);
    expect(decided.json()).toMatchObject({ code: 'pharmacy_required', message: M.pharmacyRequired });
    const [row] = (await get('/api/titolare/candidatures/', actingFor(titolare, 'tutte'))).json() as { status: string }[];
    expect(row?.status).toBe('sent');
  });

  it('another organisation’s pharmacy is 404; a pharmacist 403; no session 401', async () => {
    const { titolare } = await group();
    const stranger = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Altrui' } });
    const pharmacist = await signedIn(t.app, 'farmacista');
    for (const url of ['/api/titolare/candidatures/', '/api/titolare/candidatures/counts/', '/api/offers/mine/']) {
      const elsewhere = await get(url, actingFor(titolare, stranger.user.id));
      expect(elsewhere.statusCode, url).toBe(404);
      expect(elsewhere.json()).toMatchObject({ code: 'pharmacy_not_found', message: M.pharmacyNotFound });
      // The stranger's own group holds only their pharmacy.
      expect((await get(url, actingFor(stranger, 'tutte'))).statusCode, url).toBe(200);
      const forbidden = await get(url, actingFor(pharmacist, 'tutte'));
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json().message).toBe(MESSAGES.forbidden);
      expect((await get(url, { 'x-farmacia': 'tutte' })).statusCode, url).toBe(401);
    }
    expect((await get('/api/offers/mine/', actingFor(stranger, 'tutte'))).json()).toEqual([]);
    // A header that is neither a pharmacy nor tutte is a clear 400, never a 500.
    const bad = await get('/api/offers/mine/', { ...titolare.headers, 'x-farmacia': 'tutte le farmacie' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'pharmacy_header_invalid' });
  });
});

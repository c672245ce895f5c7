import { daysFromNow, endOfItalianDay, todayInItaly } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { offers, pharmacies } from '../../db/schema';
import { createOffer, createOwner } from '../../factories';

const t = useTestApp({ WEB_DIST: `${import.meta.dirname}/../../../test/web-dist` });

const DAY_MS = 86_400_000;

/** The page /offerte/{id} as served, and the JSON-LD blocks of its HTML, parsed as a search engine reads them. */
async function offerPage(id: number) {
  const response = await t.app.inject({ method: 'GET', url: `/offerte/${id}` });
  const blocks = [...response.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
  );
  return { response, blocks };
}

/** A pharmacy of the registry (its name, address and CAP are the registry's) and its owner, in Milano, a comune of many CAPs. */
async function registryOwner() {
  await t.app.db.insert(pharmacies).values({
    codFarmacia: '3001',
    name: 'Farmacia Brera',
    address: 'Via Brera 12',
    cap: '20121',
    comune: 'MILANO',
    siglaProvincia: 'MI',
  });
  return createOwner(t.app.db, {
    profile: {
      cod_farmacia: '3001',
      denominazione_farmacia: 'Farmacia Brera',
      indirizzo_farmacia: 'Via Brera 12',
      comune_farmacia: 'Milano',
    },
  });
}

describe("the JobPosting of an offer's page", () => {
  it("has every field Google requires and those it recommends, dated by the publication, not by the shift's first day", async () => {
    const owner = await registryOwner();
    const published = new Date(t.app.now().getTime() - 3 * DAY_MS);
    const { id } = await createOffer(t.app.db, owner.id, {
      title: 'Farmacista per il banco',
      description: 'Turni al banco e in laboratorio.\nServe esperienza.\n\nSabato libero.',
      dateFrom: daysFromNow(10),
      dateTo: daysFromNow(12),
      hourlyPay: 21.5,
      positions: 2,
      createdAt: new Date(published.getTime() - 2 * DAY_MS),
      publishedAt: published,
    });
    const { response, blocks } = await offerPage(id);
    expect(response.statusCode).toBe(200);
    expect(blocks).toHaveLength(1);
    const posting = blocks[0] as Record<string, unknown>;
    // Google's required properties, none blank.
    for (const field of ['title', 'description', 'datePosted', 'hiringOrganization', 'jobLocation'])
      expect(posting[field], field).toBeTruthy();
    expect(posting).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Farmacista per il banco',
      description:
        '<p>Turni al banco e in laboratorio.<br>Serve esperienza.</p><p>Sabato libero.</p>' +
        '<p>Forma di lavoro: Lavoro dipendente a tempo determinato (CCNL per i dipendenti da farmacia privata, Primo livello – Farmacista collaboratore).</p>',
      identifier: { '@type': 'PropertyValue', name: 'Farmaponte', value: String(id) },
      datePosted: todayInItaly(published),
      validThrough: endOfItalianDay(daysFromNow(12)),
      jobStartDate: daysFromNow(10),
      employmentType: 'TEMPORARY',
      totalJobOpenings: 2,
      directApply: true,
      url: `http://farmaponte.test/offerte/${id}`,
      hiringOrganization: { '@type': 'Organization', name: 'Farmacia Brera' },
      jobLocation: {
        '@type': 'Place',
        name: 'Farmacia Brera',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Via Brera 12',
          postalCode: '20121',
          addressLocality: 'Milano',
          addressRegion: 'MI',
          addressCountry: 'IT',
        },
        geo: { '@type': 'GeoCoordinates', latitude: expect.any(Number), longitude: expect.any(Number) },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: { '@type': 'QuantitativeValue', value: 21.5, unitText: 'HOUR' },
      },
    });
    // Published three days ago, starting in ten: the posting is dated in the past, the shift in the future.
    expect(String(posting.datePosted) < String(posting.jobStartDate)).toBe(true);
    // Applications stop at the end of the last day in Italy: a second later the offer is expired.
    expect(String(posting.validThrough)).toMatch(new RegExp(`^${daysFromNow(12)}T23:59:59\\+0[12]:00$`));
  });

  it("cannot close its script element or inject markup: title, description and the pharmacy's name stay text", async () => {
    const owner = await createOwner(t.app.db, {
      profile: { comune_farmacia: 'Monza', denominazione_farmacia: 'Farmacia "Duomo" & <Figli>', indirizzo_farmacia: '' },
    });
    const injection = '</script><script>alert(1)</script><!--';
    const { id } = await createOffer(t.app.db, owner.id, {
      title: `Turno ${injection}`,
      description: `Descrizione ${injection} <b>grassetto</b>`,
      dateFrom: daysFromNow(2),
      dateTo: daysFromNow(2),
    });
    const { response, blocks } = await offerPage(id);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('<!--');
    expect(blocks).toHaveLength(1);
    const posting = blocks[0] as { title: string; description: string; hiringOrganization: { name: string } };
    expect(posting.title).toBe(`Turno ${injection}`);
    // The description is HTML for Google: the owner's text in it is escaped, never markup.
    expect(posting.description).toMatch(
      /^<p>Descrizione &lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;&lt;!-- &lt;b&gt;grassetto&lt;\/b&gt;<\/p><p>Forma di lavoro: /,
    );
    expect(posting.hiringOrganization.name).toBe('Farmacia "Duomo" & <Figli>');
  });

  it('takes the CAP of a comune that has one, leaves out what is unknown, and tells part time from full time', async () => {
    const monza = await createOwner(t.app.db, {
      profile: { comune_farmacia: 'Monza', denominazione_farmacia: 'Farmacia Duomo', indirizzo_farmacia: '' },
    });
    const roma = await createOwner(t.app.db, { profile: { comune_farmacia: 'Roma' } });
    const mornings = await createOffer(t.app.db, monza.id, {
      dateFrom: null,
      dateTo: null,
      startTime: '08:30',
      endTime: '12:30',
      hourlyPay: null,
    });
    const days = await createOffer(t.app.db, roma.id, { dateFrom: null, dateTo: null, startTime: '09:00', endTime: '17:00' });
    const unknownHours = await createOffer(t.app.db, roma.id, { dateFrom: null, dateTo: null });

    const [partTime] = (await offerPage(mornings.id)).blocks as Record<string, unknown>[];
    expect(partTime).toMatchObject({
      employmentType: 'PART_TIME',
      jobLocation: { address: { postalCode: '20900', addressLocality: 'Monza', addressRegion: 'MB', addressCountry: 'IT' } },
    });
    // An open-ended position has no end and no first day; no address, no pay: left out, not blank.
    for (const absent of ['validThrough', 'jobStartDate', 'baseSalary']) expect(partTime, absent).not.toHaveProperty(absent);
    expect(partTime?.jobLocation).not.toHaveProperty('address.streetAddress');

    const [fullTime] = (await offerPage(days.id)).blocks as Record<string, unknown>[];
    // Roma has many CAPs and this pharmacy is not in the registry: no postal code rather than a wrong one.
    expect(fullTime).toMatchObject({
      employmentType: 'FULL_TIME',
      jobLocation: { address: { streetAddress: 'Via Appia Nuova 98, Roma', addressLocality: 'Roma' } },
    });
    expect(fullTime?.jobLocation).not.toHaveProperty('address.postalCode');
    expect((await offerPage(unknownHours.id)).blocks[0]).not.toHaveProperty('employmentType');
  });

  it('names the legal forms: CONTRACTOR for libera professione, both types for both, and the page says them in Italian', async () => {
    const owner = await createOwner(t.app.db);
    const dated = { dateFrom: daysFromNow(3), dateTo: daysFromNow(4) };
    const freelance = await createOffer(t.app.db, owner.id, { ...dated, legalForms: ['libera_professione'] });
    const both = await createOffer(t.app.db, owner.id, {
      ...dated,
      legalForms: ['dipendente', 'libera_professione'],
      ccnlLevel: 'Q3',
    });

    const freelancePage = await offerPage(freelance.id);
    expect(freelancePage.blocks[0]).toMatchObject({ employmentType: 'CONTRACTOR' });
    expect(String(freelancePage.blocks[0]?.description)).toContain('<p>Forma di lavoro: Libera professione (partita IVA).</p>');
    expect(freelancePage.response.body).toMatch(
      /og:description" content="[^"]*· Forma di lavoro: Libera professione \(partita IVA\)\." \/>/,
    );
    // No CCNL level for a freelance shift.
    expect(freelancePage.response.body).not.toContain('CCNL');

    const bothPage = await offerPage(both.id);
    expect(bothPage.blocks[0]).toMatchObject({ employmentType: ['TEMPORARY', 'CONTRACTOR'] });
    expect(bothPage.response.body).toContain(
      'Forma di lavoro: Lavoro dipendente a tempo determinato (CCNL per i dipendenti da farmacia privata, Quadro Q3 – Farmacista collaboratore dopo 24 mesi nella qualifica) oppure Libera professione (partita IVA).',
    );
    // The public JSON of the same offer carries the forms and the level.
    const answer = await t.app.inject({ method: 'GET', url: `/api/offers/${both.id}/` });
    expect(answer.json()).toMatchObject({ legal_forms: ['dipendente', 'libera_professione'], ccnl_level: 'Q3' });
    const freelanceAnswer = await t.app.inject({ method: 'GET', url: `/api/offers/${freelance.id}/` });
    expect(freelanceAnswer.json()).toMatchObject({ legal_forms: ['libera_professione'], ccnl_level: null });
  });

  it('is absent from the page of a filled, closed, expired or waiting offer', async () => {
    const owner = await createOwner(t.app.db);
    const filled = await createOffer(t.app.db, owner.id, { title: 'Turno coperto', positions: 1 });
    await t.app.db.update(offers).set({ acceptedCount: 1 }).where(eq(offers.id, filled.id));
    const closed = await createOffer(t.app.db, owner.id, { title: 'Turno chiuso', closedAt: new Date() });
    const expired = await createOffer(t.app.db, owner.id, {
      title: 'Turno scaduto',
      dateFrom: daysFromNow(-5),
      dateTo: daysFromNow(-1),
    });
    const waiting = await createOffer(t.app.db, owner.id, { title: 'Turno in attesa', publishedAt: null });
    for (const [offer, status] of [
      [filled, 410],
      [closed, 410],
      [expired, 410],
      [waiting, 404],
    ] as const) {
      const { response, blocks } = await offerPage(offer.id);
      expect(response.statusCode).toBe(status);
      expect(blocks).toEqual([]);
      expect(response.body).not.toContain('JobPosting');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    }
  });
});

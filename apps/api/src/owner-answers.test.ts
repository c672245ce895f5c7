/**
 * One rule decides an applicant's contact data for every answer an owner receives (decision 067, decision 083): the
 * phone, the residence and the CV while an application of theirs to the owner waits or is accepted, and for the term
 * after its offer. This walks every GET route the API documents, and the writes whose answers name a pharmacist, as an
 * owner whose only dealings with a pharmacist no longer show her contact data (a rejected application, an old shift,
 * a favourite, an invitation, a thread), and finds her residence, street, phone and e-mail in none of them. A route
 * added later is walked too: one with a parameter this file does not know fails until it is given one.
 */
import { daysFromNow } from '@farmaponte/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../test/helpers';
import { createApplication, createOffer, giveAvailability, giveCv, setApplicationStatus } from './factories';

const t = useTestApp();

/** What nobody but an owner she is dealing with may read: residence, street, phone and e-mail. */
const SECRETS = ['Roccaraso', 'Via dei Tigli 41', '3471234567', 'nina.riva.riservata@example.it'];

/** Routes about reference data or the stream of ids, never about a person's contact data. */
const NOT_ABOUT_PEOPLE = new Set([
  '/api/events/',
  '/api/health/',
  '/api/health/live',
  '/api/geo/comuni/',
  '/api/pharmacies/lookup/',
]);

/** The text an answer carries: JSON or text as it is, a ZIP's files unpacked. */
function readable(contentType: string | undefined, payload: Buffer): string {
  if (contentType?.includes('zip'))
    return Object.values(unzipSync(new Uint8Array(payload)))
      .map((file) => Buffer.from(file).toString('utf8'))
      .join('\n');
  return payload.toString('utf8');
}

describe("an owner's answers", () => {
  it('carry no contact data of a pharmacist whose applications no longer show them, on any route', async () => {
    const owner = await signedIn(t.app, 'titolare', {
      profile: { denominazione_farmacia: 'Farmacia del Ponte', comune_farmacia: 'Torino' },
    });
    const nina = await signedIn(t.app, 'farmacista', {
      email: 'nina.riva.riservata@example.it',
      profile: {
        name: 'Nina',
        surname: 'Riva',
        regione_residenza: 'Abruzzo',
        provincia_residenza: 'AQ',
        comune: 'Roccaraso',
        via: 'Via dei Tigli 41',
        telephone: '3471234567',
      },
    });
    await giveCv(t.database.db, nina.user.id, 'Nina Riva');
    // She shows in the owner's search of who is free, from a comune that is not where she lives.
    const days = Array.from({ length: 14 }, (_, i) => ({ date: daysFromNow(i + 1, t.clock.now), part: 'giornata' as const }));
    await giveAvailability(t.database.db, nina.user.id, { comune: 'Torino', days }, t.clock.now);

    // An application she made, a favourite while it waited, a message each way, then the owner's rejection.
    const day = daysFromNow(5, t.clock.now);
    const rejectedOffer = await createOffer(t.database.db, owner.user.id, {
      title: 'Turno di sabato',
      dateFrom: day,
      dateTo: day,
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/candidature/',
      headers: nina.headers,
      payload: { offer_id: rejectedOffer.id },
    });
    expect(applied.statusCode).toBe(201);
    const [application] = (
      await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner.headers })
    ).json();
    const favourite = await t.app.inject({ method: 'PUT', url: `/api/favourites/${nina.user.id}/`, headers: owner.headers });
    expect(favourite.statusCode).toBe(200);
    for (const who of [nina, owner])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/applications/${application.id}/messages/`,
            headers: who.headers,
            payload: { body: 'Buongiorno, a presto.' },
          })
        ).statusCode,
      ).toBe(201);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/titolare/candidatures/${application.id}/decision/`,
      headers: owner.headers,
      payload: { decision: 'rejected', message: 'Abbiamo scelto un altro profilo.' },
    });
    expect(rejected.statusCode).toBe(200);

    // A shift she worked for the owner four months ago: accepted, long past its term.
    const past = daysFromNow(-120, t.clock.now);
    const oldOffer = await createOffer(t.database.db, owner.user.id, { title: 'Turno estivo', dateFrom: past, dateTo: past });
    const oldShift = await createApplication(
      t.database.db,
      oldOffer.id,
      nina.user.id,
      new Date(t.clock.now.getTime() - 130 * 86_400_000),
    );
    await setApplicationStatus(
      t.database.db,
      { id: oldShift.id, offerId: oldOffer.id },
      'accepted',
      null,
      new Date(t.clock.now.getTime() - 125 * 86_400_000),
    );

    // An invitation to an open offer: its answer is one of the owner's answers too.
    const openOffer = await createOffer(t.database.db, owner.user.id, { title: 'Turno di lunedì', dateFrom: day, dateTo: day });
    const writes = [
      await t.app.inject({
        method: 'POST',
        url: `/api/offers/${openOffer.id}/invitations/`,
        headers: owner.headers,
        payload: { pharmacist_id: nina.user.id },
      }),
      await t.app.inject({ method: 'PUT', url: `/api/favourites/${nina.user.id}/`, headers: owner.headers }),
      await t.app.inject({
        method: 'POST',
        url: `/api/applications/${application.id}/messages/`,
        headers: owner.headers,
        payload: { body: 'Grazie comunque.' },
      }),
    ];
    expect(writes.map((write) => write.statusCode)).toEqual([201, 200, 201]);

    // Every GET route the API documents, with the ids of this story.
    const shiftMonth = past.slice(0, 7).split('-').map(Number) as [number, number];
    const urlsOf: Record<string, string[]> = {
      '/api/users/{id}/details/': [`/api/users/${nina.user.id}/details/`],
      '/api/calendar/{token}.ics': [`/api/calendar/${'A'.repeat(43)}.ics`],
      '/api/cv/{userId}/': [`/api/cv/${nina.user.id}/`],
      '/api/offers/{id}/invitations/': [openOffer.id, rejectedOffer.id, oldOffer.id].map(
        (id) => `/api/offers/${id}/invitations/`,
      ),
      '/api/offers/{id}/': [openOffer.id, rejectedOffer.id, oldOffer.id].map((id) => `/api/offers/${id}/`),
      '/api/applications/{id}/messages/': [application.id, oldShift.id].map((id) => `/api/applications/${id}/messages/`),
      '/api/applications/{id}/review/': [application.id, oldShift.id].map((id) => `/api/applications/${id}/review/`),
      '/api/users/{id}/reviews/': [`/api/users/${nina.user.id}/reviews/`],
      // The contract, the hiring summary and the reclassification warning (decision 093): the old shift was hers as an
      // employee, so its summary is answered; neither application is freelance.
      '/api/applications/{id}/contract/': [application.id, oldShift.id].map((id) => `/api/applications/${id}/contract/`),
      '/api/applications/{id}/hiring-summary/': [application.id, oldShift.id].flatMap((id) => [
        `/api/applications/${id}/hiring-summary/`,
        `/api/applications/${id}/hiring-summary/?format=pdf`,
      ]),
      '/api/applications/{id}/reclassification/': [application.id, oldShift.id].map(
        (id) => `/api/applications/${id}/reclassification/`,
      ),
      '/api/contracts/{id}/pdf/': ['/api/contracts/1/pdf/'],
      // Pay as agreed (decision 094): an offer's hour-by-hour pay and an application's negotiation.
      '/api/offers/{id}/pay/': [openOffer.id, rejectedOffer.id, oldOffer.id].map((id) => `/api/offers/${id}/pay/`),
      '/api/applications/{id}/negotiation/': [application.id, oldShift.id].map((id) => `/api/applications/${id}/negotiation/`),
      '/api/verification-document/{userId}/': [`/api/verification-document/${nina.user.id}/`],
      // From hours to invoice (decision 095): an expense's receipt and an invoice with its files, none of them hers to
      // read for this owner.
      '/api/expenses/{expenseId}/receipt': ['/api/expenses/1/receipt'],
      '/api/invoices/{invoiceId}/': ['/api/invoices/1/'],
      '/api/invoices/{invoiceId}/xml': ['/api/invoices/1/xml'],
      '/api/invoices/{invoiceId}/pdf': ['/api/invoices/1/pdf'],
      '/api/titolare/candidatures/': [
        '/api/titolare/candidatures/',
        ...[openOffer.id, rejectedOffer.id, oldOffer.id].map((id) => `/api/titolare/candidatures/?offer_id=${id}`),
      ],
      '/api/shifts/owner/': ['/api/shifts/owner/', `/api/shifts/owner/?year=${shiftMonth[0]}&month=${shiftMonth[1]}`],
      '/api/organisation/pharmacies/{id}/settings/': [`/api/organisation/pharmacies/${owner.user.id}/settings/`],
      // The group's report and statement over the months of the old shift and of today (decision 091).
      '/api/organisation/report/': ['/api/organisation/report/', `/api/organisation/report/?from=${past}&to=${day}`],
      '/api/organisation/report/statement/': ['csv', 'pdf'].flatMap((format) => [
        `/api/organisation/report/statement/?format=${format}`,
        `/api/organisation/report/statement/?format=${format}&month=${past.slice(0, 7)}`,
      ]),
    };
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const walked: string[] = [];
    const unknownParameters: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!('get' in operations) || NOT_ABOUT_PEOPLE.has(path)) continue;
      const urls = urlsOf[path] ?? (path.includes('{') ? undefined : [path]);
      if (!urls) {
        unknownParameters.push(path);
        continue;
      }
      for (const url of urls) {
        const answer = await t.app.inject({ method: 'GET', url, headers: owner.headers });
        expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
        const text = readable(answer.headers['content-type'] as string | undefined, answer.rawPayload);
        for (const secret of SECRETS) expect(text, `${url} carries «${secret}»`).not.toContain(secret);
        walked.push(url);
      }
    }
    expect(unknownParameters, 'routes with a parameter this walk does not know yet').toEqual([]);
    for (const write of writes) for (const secret of SECRETS) expect(write.body).not.toContain(secret);

    // The walk read what an owner reads about her: her name, where the rules allow it.
    expect(walked.length).toBeGreaterThan(40);
    const received = await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner.headers });
    expect(received.body).toContain('Riva');
    expect(received.json()[0].farmacista).toMatchObject({ comune: null, telephone: null, pdf_file: null });
  });
});

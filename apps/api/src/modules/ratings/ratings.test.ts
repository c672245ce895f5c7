/**
 * Ratings where people choose (decision 074): the pharmacy's on the search rows, the public offer and its JobPosting,
 * the pharmacist's on the received applications, the invitations, 'I miei farmacisti' and the search of who is free.
 * Only published, shown reviews count; the plain offer list stays as it was.
 */
import { daysFromNow, type TOfferSearchPage, type TReceivedApplication } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { reviews } from '../../db/schema';
import { createApplication, createOffer, giveAvailability, setApplicationStatus } from '../../factories';

const t = useTestApp({ WEB_DIST: `${import.meta.dirname}/../../../test/web-dist` });

/** A worked shift between the two with reviews written about `subject`: published unless told, hidden when told. */
async function reviewed(
  owner: TSignedIn,
  pharmacist: TSignedIn,
  about: 'owner' | 'pharmacist',
  rating: number,
  state: 'published' | 'unpublished' | 'hidden' = 'published',
) {
  const past = daysFromNow(-3, t.clock.now);
  const offer = await createOffer(t.database.db, owner.user.id, { dateFrom: past, dateTo: past });
  const application = await createApplication(t.database.db, offer.id, pharmacist.user.id);
  await setApplicationStatus(t.database.db, { id: application.id, offerId: offer.id }, 'accepted');
  const [author, subject] = about === 'owner' ? [pharmacist, owner] : [owner, pharmacist];
  await t.database.db.insert(reviews).values({
    applicationId: application.id,
    authorId: author.user.id,
    subjectId: subject.user.id,
    authorRole: about === 'owner' ? 'farmacista' : 'titolare',
    rating,
    publishedAt: state === 'unpublished' ? null : t.clock.now,
    hiddenAt: state === 'hidden' ? t.clock.now : null,
    hiddenReason: state === 'hidden' ? 'Offensiva' : null,
  });
}

const get = (who: TSignedIn | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers });

async function jsonLd(offerId: number) {
  const response = await t.app.inject({ method: 'GET', url: `/offerte/${offerId}` });
  const [block] = [...response.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] as string) as { hiringOrganization: Record<string, unknown> },
  );
  return block;
}

describe("a pharmacy's rating", () => {
  it('shows on the search rows, the public offer and the JobPosting; the plain list is unchanged', async () => {
    const owner = await signedIn(t.app, 'titolare', { profile: { comune_farmacia: 'Milano' } });
    const [anna, bruno, carla] = [
      await signedIn(t.app, 'farmacista'),
      await signedIn(t.app, 'farmacista'),
      await signedIn(t.app, 'farmacista'),
    ];
    await reviewed(owner, anna, 'owner', 4);
    await reviewed(owner, bruno, 'owner', 5);
    // Neither an unpublished nor a hidden review counts.
    await reviewed(owner, carla, 'owner', 1, 'unpublished');
    await reviewed(owner, carla, 'owner', 1, 'hidden');
    const soon = daysFromNow(5, t.clock.now);
    const offer = await createOffer(t.database.db, owner.user.id, { dateFrom: soon, dateTo: soon });
    const unrated = await signedIn(t.app, 'titolare', { profile: { comune_farmacia: 'Milano' } });
    const other = await createOffer(t.database.db, unrated.user.id, { dateFrom: soon, dateTo: soon });

    const page = (await get(anna, '/api/offers/?page=1')).json() as TOfferSearchPage;
    const row = (id: number) => page.results.find((result) => result.id === id);
    expect(row(offer.id)).toMatchObject({ pharmacy_rating: { count: 2, average: 4.5 } });
    expect(row(offer.id)).not.toHaveProperty('owner_id');
    expect(row(other.id)).toMatchObject({ pharmacy_rating: { count: 0, average: null } });
    const plain = (await get(anna, '/api/offers/')).json() as Record<string, unknown>[];
    expect(plain.find((result) => result.id === offer.id)).not.toHaveProperty('pharmacy_rating');

    const publicOffer = await get(undefined, `/api/offers/${offer.id}/`);
    expect(publicOffer.json()).toMatchObject({ pharmacy_rating: { count: 2, average: 4.5 } });
    expect(publicOffer.json()).not.toHaveProperty('owner_id');

    expect((await jsonLd(offer.id))?.hiringOrganization.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect((await jsonLd(other.id))?.hiringOrganization).not.toHaveProperty('aggregateRating');
  });
});

describe("a pharmacist's rating", () => {
  it('shows on the received applications, the invitations, the favourites and the search of who is free', async () => {
    const owner = await signedIn(t.app, 'titolare', { profile: { comune_farmacia: 'Milano' } });
    const other = await signedIn(t.app, 'titolare');
    const anna = await signedIn(t.app, 'farmacista', { profile: { comune: 'Milano', provincia_residenza: 'MI' } });
    await reviewed(owner, anna, 'pharmacist', 5);
    await reviewed(other, anna, 'pharmacist', 4);
    const expected = { count: 2, average: 4.5 };

    const day = daysFromNow(4, t.clock.now);
    const offer = await createOffer(t.database.db, owner.user.id, { dateFrom: day, dateTo: day });
    await createApplication(t.database.db, offer.id, anna.user.id);
    const received = (await get(owner, '/api/titolare/candidatures/')).json() as TReceivedApplication[];
    const card = received.find((application) => application.offer.id === offer.id);
    expect(card?.farmacista.rating).toEqual(expected);

    const invitedTo = await createOffer(t.database.db, owner.user.id, { dateFrom: daysFromNow(9, t.clock.now) });
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/offers/${invitedTo.id}/invitations/`,
      headers: owner.headers,
      payload: { pharmacist_id: anna.user.id },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitations = (await get(owner, `/api/offers/${invitedTo.id}/invitations/`)).json();
    expect(invitations[0].pharmacist.rating).toEqual(expected);

    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/favourites/${anna.user.id}/`, headers: owner.headers })).statusCode,
    ).toBe(200);
    expect((await get(owner, '/api/favourites/')).json()[0].pharmacist.rating).toEqual(expected);

    await giveAvailability(t.database.db, anna.user.id, { days: [{ date: day, part: 'giornata' }] }, t.clock.now);
    const free = (await get(owner, `/api/pharmacists/available/?from=${day}&to=${day}`)).json();
    expect(free.results).toEqual([expect.objectContaining({ pharmacist_id: anna.user.id, rating: expected })]);
  });
});

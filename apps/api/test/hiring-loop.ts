/** The people of the hiring loop for API tests: an owner with an offer, pharmacists with CVs, and their calls. */
import type { TDecisionInput } from '@farmaponte/shared';
import { createOffer, giveCv } from '../src/factories';
import { signedIn, type TSignedIn, type TTestApp } from './helpers';

export async function hiringScenario(t: TTestApp, offer: Parameters<typeof createOffer>[2] = {}) {
  const owner = await signedIn(t.app, 'titolare', {
    profile: { denominazione_farmacia: 'Farmacia Centrale', comune_farmacia: 'Torino' },
  });
  const otherOwner = await signedIn(t.app, 'titolare');
  const created = await createOffer(t.database.db, owner.user.id, { title: 'Turno sabato', ...offer });
  const pharmacist = async (name: string) => {
    const signed = await signedIn(t.app, 'farmacista', { profile: { name, surname: 'Neri' } });
    await giveCv(t.database.db, signed.user.id, `${name} Neri`);
    return signed;
  };
  return { owner, otherOwner, offer: created, pharmacist };
}

export function hiringCalls(t: TTestApp) {
  const headersOf = (who: TSignedIn | undefined) => who?.headers;
  return {
    apply: (who: TSignedIn | undefined, offerId: number) =>
      t.app.inject({ method: 'POST', url: '/api/candidature/', headers: headersOf(who), payload: { offer_id: offerId } }),
    decide: (who: TSignedIn | undefined, applicationId: number, body: TDecisionInput | Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/titolare/candidatures/${applicationId}/decision/`,
        headers: headersOf(who),
        payload: body,
      }),
    /** A withdrawal, with the reason a late one needs (decision 074) when given. */
    withdraw: (who: TSignedIn | undefined, applicationId: number, body?: { reason?: string }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/candidature/${applicationId}/withdraw/`,
        headers: headersOf(who),
        ...(body ? { payload: body } : {}),
      }),
    received: (who: TSignedIn | undefined, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/titolare/candidatures/${query}`, headers: headersOf(who) }),
    mine: (who: TSignedIn | undefined) => t.app.inject({ method: 'GET', url: '/api/candidature/mine/', headers: headersOf(who) }),
    myOffers: (who: TSignedIn | undefined) => t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: headersOf(who) }),
    openOffers: (who: TSignedIn | undefined) => t.app.inject({ method: 'GET', url: '/api/offers/', headers: headersOf(who) }),
    offerAction: (who: TSignedIn | undefined, offerId: number, action: 'close' | 'reopen') =>
      t.app.inject({ method: 'POST', url: `/api/offers/${offerId}/${action}/`, headers: headersOf(who) }),
    notifications: (who: TSignedIn | undefined, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/notifications/${query}`, headers: headersOf(who) }),
  };
}

/**
 * A negotiable offer for the negotiation tests (decision 094): a pharmacy offering 20 €/h that accepts proposals up to
 * 26 €/h and 40 € of travel, pharmacists with CVs, and the calls of the negotiation's routes.
 */
import { daysFromNow } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { offers } from '../src/db/schema';
import { createOffer, giveCv } from '../src/factories';
import { signedIn, type TSignedIn, type TTestApp } from './helpers';

export const OFFERED = 20;
export const MAX_HOURLY = 26;
export const MAX_TRAVEL = 40;

/** An offer of 20 €/h on two days ten days from now, taking proposals within these bounds (default 26 €/h, 40 €). */
export async function negotiableOffer(
  t: TTestApp,
  ownerId: number,
  bounds: { maxHourly?: number | null; maxTravel?: number | null } = {},
) {
  const offer = await createOffer(t.database.db, ownerId, {
    title: 'Turno sabato',
    hourlyPay: OFFERED,
    dateFrom: daysFromNow(10, t.clock.now),
    dateTo: daysFromNow(11, t.clock.now),
    startTime: '09:00',
    endTime: '13:00',
  });
  await t.database.db
    .update(offers)
    .set({
      negotiationMaxHourly: bounds.maxHourly === undefined ? MAX_HOURLY : bounds.maxHourly,
      negotiationMaxTravel: bounds.maxTravel === undefined ? MAX_TRAVEL : bounds.maxTravel,
    })
    .where(eq(offers.id, offer.id));
  return offer;
}

export async function negotiationScenario(t: TTestApp, bounds: { maxHourly?: number | null; maxTravel?: number | null } = {}) {
  const db = t.database.db;
  const owner = await signedIn(t.app, 'titolare', {
    profile: { denominazione_farmacia: 'Farmacia Centrale', comune_farmacia: 'Torino', name: 'Carla', surname: 'Rossi' },
  });
  const offer = await negotiableOffer(t, owner.user.id, bounds);
  const pharmacist = async (name: string) => {
    const signed = await signedIn(t.app, 'farmacista', { profile: { name, surname: 'Neri' } });
    await giveCv(db, signed.user.id, `${name} Neri`);
    return signed;
  };
  return { owner, offer, pharmacist };
}

type TWho = TSignedIn | { headers: Record<string, string> } | undefined;

export function negotiationCalls(t: TTestApp) {
  const post = (who: TWho, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: who?.headers, payload: payload as never });
  return {
    apply: (who: TWho, offerId: number, proposal?: Record<string, unknown>) =>
      post(who, '/api/candidature/', { offer_id: offerId, ...(proposal ? { proposal } : {}) }),
    propose: (who: TWho, applicationId: number, body: Record<string, unknown>) =>
      post(who, `/api/applications/${applicationId}/proposal/`, body),
    decide: (who: TWho, applicationId: number, body: Record<string, unknown>) =>
      post(who, `/api/applications/${applicationId}/proposal/decision/`, body),
    answerCounter: (who: TWho, applicationId: number, body: Record<string, unknown>) =>
      post(who, `/api/applications/${applicationId}/counter/decision/`, body),
    negotiation: (who: TWho, applicationId: number) =>
      t.app.inject({ method: 'GET', url: `/api/applications/${applicationId}/negotiation/`, headers: who?.headers }),
    acceptApplication: (who: TWho, applicationId: number) =>
      post(who, `/api/titolare/candidatures/${applicationId}/decision/`, { decision: 'accepted' }),
    received: (who: TWho) => t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: who?.headers }),
    mine: (who: TWho) => t.app.inject({ method: 'GET', url: '/api/candidature/mine/', headers: who?.headers }),
  };
}

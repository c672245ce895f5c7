/**
 * A freelance engagement for the contract tests (decision 093): a pharmacy whose organisation has its legal data, an
 * offer open to both legal forms, a pharmacist with a professional file and her application in libera professione;
 * and the calls of the contract's routes.
 */
import { eq } from 'drizzle-orm';
import { applications, offers, organisations, professionalFiles } from '../src/db/schema';
import { createApplication, createOffer, organisationOf } from '../src/factories';
import { signedIn, type TSignedIn, type TTestApp } from './helpers';

/** Days and hours in the future of CONTRACT_NOW: 3 days, 09:00–13:30, 30 €/h. */
export const CONTRACT_NOW = new Date('2030-06-20T10:00:00Z');
export const SHIFT = { dateFrom: '2030-07-01', dateTo: '2030-07-03', startTime: '09:00', endTime: '13:30', hourlyPay: 30 };

export async function freelanceApplication(
  t: TTestApp,
  offerId: number,
  pharmacist: TSignedIn,
  legalForm = 'libera_professione',
) {
  const db = t.database.db;
  const application = await createApplication(db, offerId, pharmacist.user.id);
  await db
    .update(applications)
    .set({ legalForm: legalForm as 'libera_professione' })
    .where(eq(applications.id, application.id));
  return application;
}

export async function givePharmacistFile(t: TTestApp, userId: number) {
  await t.database.db.insert(professionalFiles).values({
    userId,
    codiceFiscale: 'BNCGLI92D55A794X',
    birthDate: '1992-04-15',
    birthPlaceCode: 'A794',
    partitaIva: '12345678903',
    taxRegime: 'forfettario',
    insuranceCompany: 'Assicura Farmacisti SpA',
    insurancePolicyNumber: 'RC-2030-001',
    insuranceCover: 1_000_000,
    insuranceExpiresOn: '2031-01-31',
  });
}

export async function contractScenario(t: TTestApp, shift: Partial<typeof SHIFT> = {}) {
  t.clock.now = CONTRACT_NOW;
  const db = t.database.db;
  const owner = await signedIn(t.app, 'titolare', {
    profile: { denominazione_farmacia: 'Farmacia Centrale', indirizzo_farmacia: 'Via Po 1', comune_farmacia: 'Torino' },
  });
  const organisationId = await organisationOf(db, owner.user.id);
  await db
    .update(organisations)
    .set({
      name: 'Farmacia Centrale S.n.c.',
      partitaIva: '01234567897',
      codiceFiscale: '01234567897',
      sedeLegale: 'Via Po 1, 10124 Torino',
      pec: 'centrale@pec.example.it',
    })
    .where(eq(organisations.id, organisationId));
  const offer = await createOffer(db, owner.user.id, { title: 'Turni di luglio', ...SHIFT, ...shift });
  await db
    .update(offers)
    .set({ legalForms: ['dipendente', 'libera_professione'], ccnlLevel: '1' })
    .where(eq(offers.id, offer.id));
  const pharmacist = await signedIn(t.app, 'farmacista', { profile: { name: 'Giulia', surname: 'Bianchi' } });
  await givePharmacistFile(t, pharmacist.user.id);
  const application = await freelanceApplication(t, offer.id, pharmacist);
  return { owner, organisationId, offer, pharmacist, application };
}

export function contractCalls(t: TTestApp) {
  const headersOf = (who: TSignedIn | Record<string, string> | undefined) =>
    who && 'headers' in who ? (who as TSignedIn).headers : (who as Record<string, string> | undefined);
  type TWho = TSignedIn | Record<string, string> | undefined;
  return {
    accept: (who: TWho, applicationId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/titolare/candidatures/${applicationId}/decision/`,
        headers: headersOf(who),
        payload: { decision: 'accepted' },
      }),
    contract: (who: TWho, applicationId: number) =>
      t.app.inject({ method: 'GET', url: `/api/applications/${applicationId}/contract/`, headers: headersOf(who) }),
    pdf: (who: TWho, contractId: number) =>
      t.app.inject({ method: 'GET', url: `/api/contracts/${contractId}/pdf/`, headers: headersOf(who) }),
    confirm: (who: TWho, contractId: number, sha256: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/contracts/${contractId}/confirm/`,
        headers: headersOf(who),
        payload: { sha256 },
      }),
    /** The owner's edit of the scenario's offer, as it was written, with `body`'s changes. */
    editOffer: (who: TSignedIn, offerId: number, body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/offers/${offerId}/update/`,
        headers: who.headers,
        payload: {
          title: 'Turni di luglio',
          description: 'Banco e dispensazione.',
          date_from: SHIFT.dateFrom,
          date_to: SHIFT.dateTo,
          start_time: SHIFT.startTime,
          end_time: SHIFT.endTime,
          hourly_pay: SHIFT.hourlyPay,
          ...body,
        },
      }),
    change: (who: TWho, applicationId: number, body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/applications/${applicationId}/contract/`,
        headers: headersOf(who),
        payload: body,
      }),
  };
}

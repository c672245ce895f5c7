/**
 * Applying and accepting an invitation under a legal form (decision 093): the offer's first form by default, one it
 * offers or 400, a freelance one only with a partita IVA and a policy in force on every day of the shift; the form in
 * both sides' lists, and what the owner reads of her professional file (never the policy number, CF or partita IVA).
 */
import { daysFromNow, OCCASIONAL_WORK, type TLegalForm } from '@farmaponte/shared';
import { ENGAGEMENT_MESSAGES } from '@farmaponte/shared/messages-engagement';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, tableSnapshot, useTestApp } from '../../../test/helpers';
import { addedPharmacy } from '../../../test/organisation';
import { applications, professionalFiles } from '../../db/schema';
import { createInvitation, createOffer, giveCv } from '../../factories';

const t = useTestApp();

const day = (n: number) => daysFromNow(n, t.clock.now);

/** An owner, a pharmacist with a CV, and an offer of the owner on days 5 to 7 under these forms. */
async function scenario(legalForms: TLegalForm[] = ['dipendente', 'libera_professione']) {
  const owner = await signedIn(t.app, 'titolare');
  const pharmacist = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Neri' } });
  await giveCv(t.app.db, pharmacist.user.id, 'Anna Neri');
  const offer = await createOffer(t.app.db, owner.user.id, { dateFrom: day(5), dateTo: day(7), legalForms });
  return { owner, pharmacist, offer };
}

/** Her professional file as the file's routes would leave it: a partita IVA, a policy until `insuredUntil`, ECM credits. */
async function giveFile(pharmacistId: number, values: Partial<typeof professionalFiles.$inferInsert> = {}) {
  await t.app.db.insert(professionalFiles).values({
    userId: pharmacistId,
    codiceFiscale: 'NRENNA90A41F205Z',
    partitaIva: '02468135790',
    taxRegime: 'forfettario',
    insuranceCompany: 'Assicurazioni Esempio',
    insurancePolicyNumber: 'POL-998877',
    insuranceCover: 1_000_000,
    insuranceExpiresOn: day(60),
    ecmPeriodStart: 2026,
    ecmCredits: 42,
    ...values,
  });
}

const apply = (who: TSignedIn, offerId: number, legalForm?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/candidature/',
    headers: who.headers,
    payload: legalForm === undefined ? { offer_id: offerId } : { offer_id: offerId, legal_form: legalForm },
  });

const storedForm = async (offerId: number) =>
  (await t.app.db.select({ form: applications.legalForm }).from(applications).where(eq(applications.offerId, offerId))).map(
    (row) => row.form,
  );

describe('applying under a legal form', () => {
  it("takes the offer's first form when none is asked: dipendente when offered, else libera professione", async () => {
    const { owner, pharmacist, offer } = await scenario(['dipendente', 'libera_professione']);
    expect((await apply(pharmacist, offer.id)).statusCode).toBe(201);
    expect(await storedForm(offer.id)).toEqual(['dipendente']);

    const freelanceOnly = await createOffer(t.app.db, owner.user.id, {
      legalForms: ['libera_professione'],
      dateFrom: day(9),
      dateTo: day(9),
    });
    await giveFile(pharmacist.user.id);
    expect((await apply(pharmacist, freelanceOnly.id)).statusCode).toBe(201);
    expect(await storedForm(freelanceOnly.id)).toEqual(['libera_professione']);
  });

  it('applies as a freelancer with a partita IVA and a policy in force to the last day, and both lists say so', async () => {
    const { owner, pharmacist, offer } = await scenario();
    await giveFile(pharmacist.user.id, { insuranceExpiresOn: day(7) });
    const response = await apply(pharmacist, offer.id, 'libera_professione');
    expect(response.statusCode).toBe(201);
    expect(await storedForm(offer.id)).toEqual(['libera_professione']);

    const sent = (await t.app.inject({ method: 'GET', url: '/api/candidature/mine/', headers: pharmacist.headers })).json();
    expect(sent).toMatchObject([
      { legal_form: 'libera_professione', offer: { legal_forms: ['dipendente', 'libera_professione'] } },
    ]);

    const received = await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner.headers });
    expect(received.statusCode).toBe(200);
    const [card] = received.json();
    expect(card).toMatchObject({
      legal_form: 'libera_professione',
      professional: { insurance_valid_until: day(7), ecm: { period: '2026–2028', credits: 42, required: 150 } },
    });
    // What identifies her policy and her tax position stays in her file.
    for (const secret of ['POL-998877', '02468135790', 'NRENNA90A41F205Z']) expect(received.body).not.toContain(secret);
  });

  it("carries the form and the file's summary on a group's list too (X-Farmacia: tutte)", async () => {
    const { owner, pharmacist } = await scenario(['dipendente']);
    const borgo = await addedPharmacy(t, owner, 'Farmacia del Borgo');
    const freelance = await createOffer(t.app.db, borgo, {
      dateFrom: day(5),
      dateTo: day(5),
      legalForms: ['libera_professione'],
    });
    await giveFile(pharmacist.user.id);
    expect((await apply(pharmacist, freelance.id)).statusCode).toBe(201);
    const headers = { ...owner.headers, 'x-farmacia': 'tutte' };
    const received = await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers });
    expect(received.json()).toMatchObject([
      {
        legal_form: 'libera_professione',
        professional: { insurance_valid_until: day(60), ecm: { period: '2026–2028', credits: 42 } },
        pharmacy: { id: borgo, name: 'Farmacia del Borgo' },
      },
    ]);
    expect(received.body).not.toContain('POL-998877');
    const offers = (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers })).json();
    expect(offers.find((offer: { id: number }) => offer.id === freelance.id)).toMatchObject({
      legal_forms: ['libera_professione'],
      ccnl_level: null,
    });
  });

  it('shows an employee applicant without a file as having none', async () => {
    const { owner, pharmacist, offer } = await scenario(['dipendente']);
    expect((await apply(pharmacist, offer.id, 'dipendente')).statusCode).toBe(201);
    const [card] = (await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner.headers })).json();
    expect(card).toMatchObject({ legal_form: 'dipendente', professional: { insurance_valid_until: null, ecm: null } });
  });

  it.each([
    ['without a partita IVA', { partitaIva: '' }, 'partita_iva_missing', ENGAGEMENT_MESSAGES.partitaIvaMissing],
    [
      'without an insurance',
      { insuranceCompany: '', insuranceExpiresOn: null },
      'insurance_missing',
      ENGAGEMENT_MESSAGES.insuranceMissing,
    ],
  ])('refuses a freelancer %s, and writes nothing', async (_, file, code, message) => {
    const { pharmacist, offer } = await scenario();
    await giveFile(pharmacist.user.id, file);
    const before = await tableSnapshot(t.database);
    const response = await apply(pharmacist, offer.id, 'libera_professione');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, message });
    expect(await tableSnapshot(t.database)).toEqual(before);
  });

  it("refuses a freelancer without any file, and one whose policy ends before the shift's last day", async () => {
    const { pharmacist, offer } = await scenario();
    expect((await apply(pharmacist, offer.id, 'libera_professione')).json()).toMatchObject({ code: 'partita_iva_missing' });
    await giveFile(pharmacist.user.id, { insuranceExpiresOn: day(6) });
    const expiring = await apply(pharmacist, offer.id, 'libera_professione');
    expect(expiring.statusCode).toBe(400);
    const [year, month, dd] = day(6).split('-');
    expect(expiring.json()).toMatchObject({
      code: 'insurance_expired',
      message: ENGAGEMENT_MESSAGES.insuranceExpired(`${dd}/${month}/${year}`),
    });
    expect(await storedForm(offer.id)).toEqual([]);
    // As an employee the file is not asked for.
    expect((await apply(pharmacist, offer.id, 'dipendente')).statusCode).toBe(201);
  });

  it('refuses a form the offer does not offer, occasional work and an unknown form', async () => {
    const { pharmacist, offer } = await scenario(['dipendente']);
    await giveFile(pharmacist.user.id);
    const notOffered = await apply(pharmacist, offer.id, 'libera_professione');
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({
      code: 'legal_form_not_offered',
      message: ENGAGEMENT_MESSAGES.legalFormNotOffered,
      fields: { legal_form: ENGAGEMENT_MESSAGES.legalFormNotOffered },
    });
    const occasional = await apply(pharmacist, offer.id, 'prestazione_occasionale');
    expect(occasional.statusCode).toBe(400);
    expect(occasional.json()).toMatchObject({ code: 'legal_form_not_allowed', message: OCCASIONAL_WORK.refusal });
    expect((await apply(pharmacist, offer.id, 'stage')).json()).toMatchObject({ code: 'legal_form_invalid' });
    expect(await storedForm(offer.id)).toEqual([]);
  });

  it('takes the form asked again after a withdrawal', async () => {
    const { pharmacist, offer } = await scenario();
    await giveFile(pharmacist.user.id);
    const { id } = (await apply(pharmacist, offer.id, 'dipendente')).json();
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/candidature/${id}/withdraw/`,
      headers: pharmacist.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    const again = await apply(pharmacist, offer.id, 'libera_professione');
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(id);
    expect(await storedForm(offer.id)).toEqual(['libera_professione']);
    // While it waits, asking again under the other form is the same application: 409.
    expect((await apply(pharmacist, offer.id, 'dipendente')).statusCode).toBe(409);
    expect(await storedForm(offer.id)).toEqual(['libera_professione']);
  });

  it('two applications at once to a freelance shift by the same pharmacist: one 201, the other 409', async () => {
    const { owner, pharmacist } = await scenario(['libera_professione']);
    await giveFile(pharmacist.user.id);
    // On PostgreSQL the two really run at once (on PGlite one after the other); a few rounds, each on its own offer.
    for (let round = 0; round < 3; round++) {
      const offer = await createOffer(t.app.db, owner.user.id, {
        dateFrom: day(10 + round),
        dateTo: day(10 + round),
        legalForms: ['libera_professione'],
      });
      const answers = await Promise.all([apply(pharmacist, offer.id, 'libera_professione'), apply(pharmacist, offer.id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ code: 'already_applied' });
      expect(await storedForm(offer.id)).toEqual(['libera_professione']);
    }
  });
});

describe('accepting an invitation under a legal form', () => {
  const accept = (who: TSignedIn, invitationId: number, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/invitations/${invitationId}/accept/`, headers: who.headers, payload });

  it('takes the form asked, with the same checks as applying', async () => {
    const { owner, pharmacist, offer } = await scenario();
    const invitation = await createInvitation(t.app.db, { id: offer.id, dateFrom: day(5), dateTo: day(7) }, pharmacist.user.id);

    const unready = await accept(pharmacist, invitation.id, { legal_form: 'libera_professione' });
    expect(unready.statusCode).toBe(400);
    expect(unready.json()).toMatchObject({ code: 'partita_iva_missing' });
    const occasional = await accept(pharmacist, invitation.id, { legal_form: 'occasionale' });
    expect(occasional.json()).toMatchObject({ code: 'legal_form_not_allowed' });
    expect(await storedForm(offer.id)).toEqual([]);

    await giveFile(pharmacist.user.id);
    const accepted = await accept(pharmacist, invitation.id, { legal_form: 'libera_professione' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    expect(await storedForm(offer.id)).toEqual(['libera_professione']);
    const [card] = (await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner.headers })).json();
    expect(card).toMatchObject({ status: 'accepted', legal_form: 'libera_professione' });
  });

  it("refuses a form the offer does not offer, and takes the offer's first without a body", async () => {
    const { pharmacist, offer } = await scenario(['dipendente']);
    const invitation = await createInvitation(t.app.db, { id: offer.id, dateFrom: day(5), dateTo: day(7) }, pharmacist.user.id);
    const notOffered = await accept(pharmacist, invitation.id, { legal_form: 'libera_professione' });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({ code: 'legal_form_not_offered' });
    expect((await accept(pharmacist, invitation.id)).statusCode).toBe(200);
    expect(await storedForm(offer.id)).toEqual(['dipendente']);
  });

  it('changes the form of the application she had already sent', async () => {
    const { pharmacist, offer } = await scenario();
    await giveFile(pharmacist.user.id);
    expect((await apply(pharmacist, offer.id, 'dipendente')).statusCode).toBe(201);
    const invitation = await createInvitation(t.app.db, { id: offer.id, dateFrom: day(5), dateTo: day(7) }, pharmacist.user.id);
    expect((await accept(pharmacist, invitation.id, { legal_form: 'libera_professione' })).statusCode).toBe(200);
    expect(await storedForm(offer.id)).toEqual(['libera_professione']);
  });
});

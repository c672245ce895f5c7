/**
 * Hours that close and expenses (decision 095) for the tests: a pharmacy, a pharmacist and her accepted shift in
 * libera professione (or as an employee), receipts of each type, an invoice billing a shift (written straight into the
 * tables, as issuing one does), and the calls of the routes.
 */
import type { TWorkedShift } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { applications, invoiceShifts, invoices, offers } from '../src/db/schema';
import { createApplication, createOffer, setApplicationStatus } from '../src/factories';
import { signedIn, type TSignedIn, type TTestApp } from './helpers';

/** Receipts by their first bytes: what the server looks at. */
export const RECEIPTS = {
  pdf: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 1), Buffer.from([0xff, 0xd9])]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 2)]),
};

export async function closingPeople(t: TTestApp) {
  const owner = await signedIn(t.app, 'titolare', {
    profile: { denominazione_farmacia: 'Farmacia del Ponte', comune_farmacia: 'Bergamo', name: 'Marco', surname: 'Rossi' },
  });
  const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Neri' } });
  return { owner, anna };
}

/** An accepted shift of the owner's offer, worked by `pharmacist` in libera professione unless told otherwise. */
export async function acceptedShift(
  t: TTestApp,
  owner: TSignedIn,
  pharmacist: TSignedIn,
  dates: { dateFrom: string; dateTo: string },
  legalForm: 'libera_professione' | 'dipendente' = 'libera_professione',
): Promise<number> {
  const db = t.database.db;
  const offer = await createOffer(db, owner.user.id, {
    title: 'Turno al banco',
    startTime: '09:00',
    endTime: '13:00',
    hourlyPay: 30,
    legalForms: ['dipendente', 'libera_professione'],
    ...dates,
  });
  await db.update(offers).set({ ccnlLevel: '1' }).where(eq(offers.id, offer.id));
  const application = await createApplication(db, offer.id, pharmacist.user.id, new Date('2030-05-01T08:00:00Z'));
  await db.update(applications).set({ legalForm }).where(eq(applications.id, application.id));
  await setApplicationStatus(db, { id: application.id, offerId: offer.id }, 'accepted');
  return application.id;
}

/** Bills the shift in an invoice of hers, as issuing one does (its number 1/FP). */
export async function invoiceShift(t: TTestApp, applicationId: number, farmacistaId: number) {
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({
      kind: 'fattura',
      farmacistaId,
      year: 2030,
      sequence: 1,
      number: '1/FP',
      issuedOn: '2030-06-20',
      dueOn: '2030-07-20',
      regime: 'forfettario',
      total: 120,
      amountDue: 120,
      snapshot: {},
      xml: '<xml/>',
      xmlSha256: 'x',
      fileName: 'IT12345678903_00001.xml',
      pdf: Buffer.from('%PDF-1.7'),
      keepUntil: '2040-06-20',
    })
    .returning({ id: invoices.id });
  await t.database.db.insert(invoiceShifts).values({ applicationId, invoiceId: invoice?.id as number });
  return invoice?.id as number;
}

export const EXPENSE = { kind: 'parcheggio', description: 'Parcheggio di via Roma', amount: '12.50', spent_on: '2030-06-03' };

export function closingCalls(t: TTestApp) {
  return {
    month: async (who: TSignedIn, year: number, month: number, path = 'mine') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/shifts/${path}/?year=${year}&month=${month}`,
        headers: who.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().shifts as TWorkedShift[];
    },
    review: (who: TSignedIn | undefined, applicationId: number, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/shifts/${applicationId}/hours/review/`, headers: who?.headers, payload }),
    correct: (who: TSignedIn | undefined, applicationId: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/shifts/${applicationId}/hours/`, headers: who?.headers, payload }),
    claim: (
      who: TSignedIn | undefined,
      applicationId: number,
      fields: Record<string, string> = EXPENSE,
      body: Buffer = RECEIPTS.pdf,
      type = 'application/pdf',
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/shifts/${applicationId}/expenses/?${new URLSearchParams(fields)}`,
        headers: { ...who?.headers, 'content-type': type },
        payload: body,
      }),
    remove: (who: TSignedIn | undefined, expenseId: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/expenses/${expenseId}/`, headers: who?.headers }),
    answer: (who: TSignedIn | undefined, expenseId: number, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/expenses/${expenseId}/review/`, headers: who?.headers, payload }),
    receipt: (who: TSignedIn | undefined, expenseId: number) =>
      t.app.inject({ method: 'GET', url: `/api/expenses/${expenseId}/receipt`, headers: who?.headers }),
  };
}

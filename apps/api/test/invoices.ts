/**
 * A freelance engagement ready to invoice (decision 095): the contract tests' pharmacy and pharmacist (3 days of
 * 4.5 hours at 30 €/h, 1–3 July 2030, forfettario), accepted, with her domicilio fiscale; the clock moved to the day
 * the unanswered hours are confirmed (last day + 14 + 3); and the invoices' calls.
 */
import type { TInvoice } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { offers, professionalFiles } from '../src/db/schema';
import { createOffer } from '../src/factories';
import { CONTRACT_NOW, contractCalls, contractScenario, freelanceApplication, SHIFT } from './contracts';
import { bearer, login, type TSignedIn, type TTestApp } from './helpers';

/** The day 1–3 July's hours are confirmed by nobody answering, and the day after. */
export const CONFIRMED_DAY = new Date('2030-07-20T09:00:00Z');
export const BEFORE_CONFIRMED = new Date('2030-07-10T09:00:00Z');

export async function invoiceScenario(t: TTestApp) {
  const scenario = await contractScenario(t);
  const calls = contractCalls(t);
  const accepted = await calls.accept(scenario.owner, scenario.application.id);
  if (accepted.statusCode !== 200) throw new Error(`accepting: ${accepted.statusCode} ${accepted.body}`);
  await t.database.db
    .update(professionalFiles)
    .set({ fiscalStreet: 'Via Garibaldi 5', fiscalCap: '10122', fiscalComuneIstat: '001272' })
    .where(eq(professionalFiles.userId, scenario.pharmacist.user.id));
  t.clock.now = CONFIRMED_DAY;
  return { ...scenario, owner: await again(t, scenario.owner), pharmacist: await again(t, scenario.pharmacist) };
}

/** The scenario with its engagement invoiced (number 1/FP). */
export async function issuedScenario(t: TTestApp) {
  const scenario = await invoiceScenario(t);
  const answer = await invoiceCalls(t).issue(scenario.pharmacist, [scenario.application.id]);
  if (answer.statusCode !== 201) throw new Error(`issuing: ${answer.statusCode} ${answer.body}`);
  return { ...scenario, invoice: answer.json().invoice as TInvoice };
}

/** A new session on the moved clock (the first one's access token has expired by then). */
export async function again(t: TTestApp, who: TSignedIn): Promise<TSignedIn> {
  const tokens = await login(t.app, who.user.email, who.user.password);
  return { ...who, ...tokens, headers: bearer(tokens.access) };
}

/** Another freelance engagement of hers with the same pharmacy, on `day` (accepted before the scenario's clock moved). */
export async function anotherEngagement(t: TTestApp, owner: TSignedIn, pharmacist: TSignedIn, day = '2030-07-02') {
  const at = t.clock.now;
  t.clock.now = CONTRACT_NOW;
  const offer = await createOffer(t.database.db, owner.user.id, {
    title: `Turno del ${day}`,
    ...SHIFT,
    dateFrom: day,
    dateTo: day,
    startTime: '14:00',
    endTime: '18:00',
  });
  await t.database.db
    .update(offers)
    .set({ legalForms: ['dipendente', 'libera_professione'], ccnlLevel: '1' })
    .where(eq(offers.id, offer.id));
  const application = await freelanceApplication(t, offer.id, pharmacist);
  const accepted = await contractCalls(t).accept(owner, application.id);
  if (accepted.statusCode !== 200) throw new Error(`accepting: ${accepted.statusCode} ${accepted.body}`);
  t.clock.now = at;
  return application;
}

type THeaders = Record<string, string> | undefined;
const headersOf = (who: TSignedIn | THeaders) => (who && 'user' in who ? (who as TSignedIn).headers : (who as THeaders));

export function invoiceCalls(t: TTestApp) {
  const call = (method: 'GET' | 'POST', url: string, who: TSignedIn | THeaders, payload?: object) =>
    t.app.inject({ method, url, headers: headersOf(who), ...(payload ? { payload } : {}) });
  return {
    issue: (who: TSignedIn | THeaders, applicationIds: number[]) =>
      call('POST', '/api/invoices/', who, { application_ids: applicationIds }),
    preview: (who: TSignedIn | THeaders, body: object) => call('POST', '/api/invoices/preview/', who, body),
    invoiceable: (who: TSignedIn | THeaders) => call('GET', '/api/invoices/invoiceable/', who),
    mine: (who: TSignedIn | THeaders, query = '') => call('GET', `/api/invoices/mine/${query}`, who),
    received: (who: TSignedIn | THeaders, query = '') => call('GET', `/api/invoices/received/${query}`, who),
    get: (who: TSignedIn | THeaders, id: number) => call('GET', `/api/invoices/${id}/`, who),
    xml: (who: TSignedIn | THeaders, id: number) => call('GET', `/api/invoices/${id}/xml`, who),
    pdf: (who: TSignedIn | THeaders, id: number) => call('GET', `/api/invoices/${id}/pdf`, who),
    sent: (who: TSignedIn | THeaders, id: number) => call('POST', `/api/invoices/${id}/sent/`, who),
    paid: (who: TSignedIn | THeaders, id: number, body: object = {}) => call('POST', `/api/invoices/${id}/paid/`, who, body),
    credit: (who: TSignedIn | THeaders, id: number, reason = 'Ore da correggere') =>
      call('POST', `/api/invoices/${id}/credit-note/`, who, { reason }),
  };
}

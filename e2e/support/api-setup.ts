/**
 * Setup through the API for journeys that are about something else: an offer to apply to, a CV already stored,
 * an application already sent. Each call is checked, so a broken setup fails loudly instead of skewing the test.
 */

import type { TPayTermsInput } from '@farmaponte/shared';
import { checkCharacter, nameCode, surnameCode } from '@farmaponte/shared/codice-fiscale';
import { daysFromNow, todayInItaly } from '@farmaponte/shared/dates';
import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD, type TTestAccount, uniqueVatNumber } from './accounts';
import { makePdf } from './files';

/** An access token for the account, from POST /api/token/. */
export async function apiToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const response = await request.post('/api/token/', { data: { username: email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const { access } = (await response.json()) as { access: string };
  return access;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface TOfferSetup {
  title: string;
  description: string;
  salary: string;
  date_from: string | null;
  date_to: string | null;
  /** Euros an hour; left out, the API reads it from a number in salary. */
  hourly_pay?: number;
  /** The daily hours, HH:MM. */
  start_time?: string;
  end_time?: string;
  /** The legal forms (decision 093); left out, an employee shift. */
  legal_forms?: ('dipendente' | 'libera_professione')[];
  /** Night service, travel, lodging, the bounds of a negotiation (decision 094); left out, none. */
  pay_terms?: TPayTermsInput;
}

/** Publishes an offer as the owner the token belongs to; returns its id. */
export async function createOfferThroughApi(request: APIRequestContext, token: string, offer: TOfferSetup): Promise<number> {
  const response = await request.post('/api/offers/create/', { headers: bearer(token), data: offer });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return id;
}

/** Stores a CV (the PDF's bytes) for the pharmacist the token belongs to, as the CV dialog does. */
export async function uploadCvThroughApi(request: APIRequestContext, token: string, pdf: Buffer): Promise<void> {
  const response = await request.put('/api/user/details/', {
    headers: bearer(token),
    data: { pdf_file: pdf.toString('base64') },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Sends the stored CV to an offer as the pharmacist the token belongs to. */
export async function applyThroughApi(request: APIRequestContext, token: string, offerId: number): Promise<void> {
  const response = await request.post('/api/candidature/', { headers: bearer(token), data: { offer_id: offerId } });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Fills the pharmacist's professional file so she may work as a freelancer (decision 093): a codice fiscale that
 * matches her name (born in Bergamo on 21/04/1988), a partita IVA, her insurance in force for 400 days, her domicilio
 * fiscale in Milano.
 */
export async function readyProfessionalFileThroughApi(
  request: APIRequestContext,
  token: string,
  pharmacist: Pick<TTestAccount, 'name' | 'surname'>,
): Promise<void> {
  const first15 = `${surnameCode(pharmacist.surname)}${nameCode(pharmacist.name)}88D61A794`;
  const response = await request.put('/api/me/professional-file/', {
    headers: bearer(token),
    data: {
      codice_fiscale: first15 + checkCharacter(first15),
      birth_date: '1988-04-21',
      birth_place_code: 'A794',
      partita_iva: uniqueVatNumber(),
      tax_regime: 'forfettario',
      insurance_company: 'Assicurazioni Sanità',
      insurance_policy_number: 'RC-2026-0077',
      insurance_cover: 1_000_000,
      insurance_expires_on: daysFromNow(400),
      // Her domicilio fiscale, which an invoice names (decision 095): Milano, one of its CAPs.
      fiscal_street: 'Via Dante 7',
      fiscal_cap: '20121',
      fiscal_comune_istat: '015146',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { ready_for_freelance: boolean }).ready_for_freelance).toBe(true);
}

/**
 * An offer of today, 09:00–13:00 at 20 €/h, the pharmacist's application to it, accepted by the owner; an offer in
 * libera professione only is applied to under that form (her file must be ready). A shift of today is a worked shift:
 * its day has come, so journeys about worked hours need no clock.
 */
export async function acceptedTodayThroughApi(
  request: APIRequestContext,
  ownerEmail: string,
  pharmacistEmail: string,
  title: string,
  legalForms?: ('dipendente' | 'libera_professione')[],
) {
  const ownerToken = await apiToken(request, ownerEmail);
  const pharmacistToken = await apiToken(request, pharmacistEmail);
  await uploadCvThroughApi(request, pharmacistToken, await makePdf('Curriculum vitae'));
  const today = todayInItaly();
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title,
    description: 'Banco e dispensazione, una mattina.',
    salary: '',
    hourly_pay: 20,
    date_from: today,
    date_to: today,
    start_time: '09:00',
    end_time: '13:00',
    legal_forms: legalForms,
  });
  await applyThroughApi(request, pharmacistToken, offerId);
  const headers = bearer(ownerToken);
  const [application] = (await (await request.get(`/api/titolare/candidatures/?offer_id=${offerId}`, { headers })).json()) as {
    id: number;
  }[];
  const accepted = await request.post(`/api/titolare/candidatures/${application?.id}/decision/`, {
    headers,
    data: { decision: 'accepted' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { today, applicationId: application?.id as number };
}

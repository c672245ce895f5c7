/**
 * What 'Manda CV' and the acceptance of an invitation ask before sending (decision 093): nothing for an employee-only
 * offer; for an offer that offers the freelance form, the form to work under (a choice when both are offered) and
 * whether her professional file allows it; and the server's refusals in words, with the way to put them right.
 */
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { ApiError } from './api-client';
import { legalFormsOf } from './legal-forms';

/** The offer takes a proposal on the pay (decision 094): the owner set the highest hourly they negotiate to. */
export const isNegotiable = (offer: object) =>
  'pay_terms' in offer &&
  typeof offer.pay_terms === 'object' &&
  offer.pay_terms !== null &&
  'negotiation_max_hourly' in offer.pay_terms &&
  offer.pay_terms.negotiation_max_hourly != null;

/** The dialog is needed: the freelance form is among the offer's (its choice, her file), or she may propose a pay. */
export const needsApplyDialog = (offer: object) => legalFormsOf(offer).includes('libera_professione') || isNegotiable(offer);

/** The form chosen first: the only one, or the employee form when both are offered. */
export const firstLegalForm = (offer: object): TLegalForm => legalFormsOf(offer)[0] ?? 'dipendente';

/** The refusals a freelance application meets when her file is not ready (400), said with the file to open. */
export const FILE_REFUSALS = ['partita_iva_missing', 'insurance_missing', 'insurance_expired'] as const;

/** The refusals of the form she chose (her file, or a form the offer does not, or no longer, offer). */
const LEGAL_FORM_REFUSALS: readonly string[] = [...FILE_REFUSALS, 'legal_form_not_offered', 'legal_form_not_allowed'];

/** The answer was refused for the form she chose: she may choose again or complete her file, so the dialog says it. */
export const isLegalFormRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && LEGAL_FORM_REFUSALS.includes(error.code);

/** The proposal sent with the answer was refused (out of bounds, not negotiable, malformed): the dialog says it. */
export const isProposalRefusal = (error: unknown) =>
  error instanceof ApiError && ['proposal_out_of_bounds', 'not_negotiable', 'validation_error'].includes(error.code);

export function refusalText(code: string, serverMessage: string): { text: string; toFile: boolean } {
  const toFile = (FILE_REFUSALS as readonly string[]).includes(code);
  return { text: serverMessage || ENGAGEMENT_TEXT.refusals[code] || '', toFile };
}

/**
 * What 'Manda CV' and the acceptance of an invitation ask before sending (decision 093): nothing for an employee-only
 * offer; for an offer that offers the freelance form, the form to work under (a choice when both are offered) and
 * whether her professional file allows it; and the server's refusals in words, with the way to put them right.
 */
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { ApiError } from './api-client';
import { legalFormsOf } from './legal-forms';

/** The dialog with the form's choice is needed: the freelance form is among the offer's. */
export const needsApplyDialog = (offer: object) => legalFormsOf(offer).includes('libera_professione');

/** The form chosen first: the only one, or the employee form when both are offered. */
export const firstLegalForm = (offer: object): TLegalForm => legalFormsOf(offer)[0] ?? 'dipendente';

/** The refusals a freelance application meets when her file is not ready (400), said with the file to open. */
export const FILE_REFUSALS = ['partita_iva_missing', 'insurance_missing', 'insurance_expired'] as const;

/** The refusals of the form she chose (her file, or a form the offer does not, or no longer, offer). */
const LEGAL_FORM_REFUSALS: readonly string[] = [...FILE_REFUSALS, 'legal_form_not_offered', 'legal_form_not_allowed'];

/** The answer was refused for the form she chose: she may choose again or complete her file, so the dialog says it. */
export const isLegalFormRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && LEGAL_FORM_REFUSALS.includes(error.code);

export function refusalText(code: string, serverMessage: string): { text: string; toFile: boolean } {
  const toFile = (FILE_REFUSALS as readonly string[]).includes(code);
  return { text: serverMessage || ENGAGEMENT_TEXT.refusals[code] || '', toFile };
}

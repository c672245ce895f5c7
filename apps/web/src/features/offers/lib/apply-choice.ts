/**
 * What 'Manda CV' asks before sending (decision 093): nothing for an employee-only offer; for an offer that offers the
 * freelance form, the form to work under (a choice when both are offered) and whether her professional file allows it;
 * and the apply's refusals in words, with the way to put them right.
 */
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { legalFormsOf } from '../../../lib/legal-forms';

/** The apply dialog is needed: the freelance form is among the offer's. */
export const needsApplyDialog = (offer: object) => legalFormsOf(offer).includes('libera_professione');

/** The form chosen first: the only one, or the employee form when both are offered. */
export const firstLegalForm = (offer: object): TLegalForm => legalFormsOf(offer)[0] ?? 'dipendente';

/** The refusals a freelance application meets when her file is not ready (400), said with the file to open. */
export const FILE_REFUSALS = ['partita_iva_missing', 'insurance_missing', 'insurance_expired'] as const;

export function refusalText(code: string, serverMessage: string): { text: string; toFile: boolean } {
  const toFile = (FILE_REFUSALS as readonly string[]).includes(code);
  return { text: serverMessage || ENGAGEMENT_TEXT.refusals[code] || '', toFile };
}

/**
 * The legal form an application is made under (decision 093): one the offer offers (absent: its first, dipendente when
 * it offers it); a freelance one only with a partita IVA and a policy in force on every day of the shift, read in the
 * caller's transaction (applying, accepting an invitation).
 */
import { inLegalFormOrder, type TLegalForm, todayInItaly } from '@farmaponte/shared';
import { ENGAGEMENT_MESSAGES } from '@farmaponte/shared/messages-engagement';
import type { TDb } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { refuseUnreadyFreelancer } from '../professional-file/readiness';

/** The offer as the choice reads it: its forms and days. */
export interface TOfferTerms {
  legalForms: TLegalForm[];
  dateFrom: string | null;
  dateTo: string | null;
}

/**
 * The form she asked for, or the offer's first; 400 `legal_form_not_offered` for one the offer does not offer, and
 * `partita_iva_missing`, `insurance_missing` or `insurance_expired` for a freelance one her file does not allow.
 */
export async function chooseLegalForm(
  tx: TDb,
  farmacistaId: number,
  offer: TOfferTerms,
  asked: TLegalForm | undefined,
  now: Date,
): Promise<TLegalForm> {
  const offered = inLegalFormOrder(offer.legalForms);
  const form = asked ?? offered[0] ?? 'dipendente';
  if (!offered.includes(form))
    throw badRequest(ENGAGEMENT_MESSAGES.legalFormNotOffered, 'legal_form_not_offered', {
      legal_form: ENGAGEMENT_MESSAGES.legalFormNotOffered,
    });
  if (form === 'libera_professione')
    await refuseUnreadyFreelancer(tx, farmacistaId, { dateFrom: offer.dateFrom, dateTo: offer.dateTo }, todayInItaly(now));
  return form;
}

/**
 * The engagement's messages (decision 093): legal forms, the professional file, the contract. Codes beside each
 * refusal are the API's `code`.
 */
import { OCCASIONAL_WORK } from './engagement';

export const ENGAGEMENT_MESSAGES = {
  /** 400 legal_form_not_allowed */
  occasionalWork: OCCASIONAL_WORK.refusal,
  /** 400 legal_form_invalid */
  legalFormInvalid: 'Scegli la forma di lavoro: lavoro dipendente a tempo determinato, libera professione o entrambe.',
  /** 400 legal_form_not_offered */
  legalFormNotOffered: 'Questa offerta non prevede la forma di lavoro scelta: scegli tra quelle indicate nell’offerta.',
  /** 400 ccnl_level_invalid */
  ccnlLevelInvalid: 'Scegli il livello del CCNL farmacie private (Q1, Q2, Q3 o primo livello).',
  /** 400 partita_iva_missing */
  partitaIvaMissing: 'Per candidarti in libera professione indica la tua partita IVA nel fascicolo professionale.',
  /** 400 insurance_missing */
  insuranceMissing:
    'Per candidarti in libera professione indica nel fascicolo professionale la tua assicurazione di responsabilità civile professionale.',
  /** 400 insurance_expired */
  insuranceExpired: (expiresOn: string) =>
    `La tua assicurazione professionale scade il ${expiresOn}, prima della fine del turno: aggiorna la polizza nel fascicolo professionale per candidarti in libera professione.`,
} as const;

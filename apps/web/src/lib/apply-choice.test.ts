import { ENGAGEMENT_MESSAGES } from '@farmaponte/shared/messages-engagement';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { firstLegalForm, isLegalFormRefusal, needsApplyDialog, refusalText } from './apply-choice';

describe("what 'Manda CV' and 'Accetta' on an invitation ask first", () => {
  it('asks nothing for an employee-only offer (or one from before the forms), and opens the dialog when freelance is offered', () => {
    expect(needsApplyDialog({ legal_forms: ['dipendente'] })).toBe(false);
    expect(needsApplyDialog({})).toBe(false);
    expect(needsApplyDialog({ legal_forms: ['libera_professione'] })).toBe(true);
    expect(needsApplyDialog({ legal_forms: ['dipendente', 'libera_professione'] })).toBe(true);
    // An employee offer whose pay she may negotiate (decision 094) opens it too, for 'Proponi un altro compenso'.
    expect(needsApplyDialog({ legal_forms: ['dipendente'], pay_terms: { negotiation_max_hourly: 25 } })).toBe(true);
    expect(needsApplyDialog({ legal_forms: ['dipendente'], pay_terms: { negotiation_max_hourly: null } })).toBe(false);
  });

  it("starts from the offer's first form, as the server does without one", () => {
    expect(firstLegalForm({ legal_forms: ['libera_professione'] })).toBe('libera_professione');
    expect(firstLegalForm({ legal_forms: ['dipendente', 'libera_professione'] })).toBe('dipendente');
    expect(firstLegalForm({})).toBe('dipendente');
  });

  it("says a file's refusal with the way to the file, any other refusal alone", () => {
    expect(refusalText('partita_iva_missing', ENGAGEMENT_MESSAGES.partitaIvaMissing)).toEqual({
      text: ENGAGEMENT_MESSAGES.partitaIvaMissing,
      toFile: true,
    });
    expect(refusalText('insurance_expired', '').toFile).toBe(true);
    expect(refusalText('insurance_expired', '').text).toMatch(/assicurazione/);
    expect(refusalText('legal_form_not_offered', ENGAGEMENT_MESSAGES.legalFormNotOffered)).toEqual({
      text: ENGAGEMENT_MESSAGES.legalFormNotOffered,
      toFile: false,
    });
  });

  it('says a form no longer offered in words when the server sends no sentence', () => {
    expect(refusalText('legal_form_not_offered', '')).toEqual({
      text: ENGAGEMENT_TEXT.refusals.legal_form_not_offered,
      toFile: false,
    });
  });

  it("keeps in the dialog the refusals of the form she chose, and leaves the others to the invitation's card", () => {
    for (const code of [
      'partita_iva_missing',
      'insurance_missing',
      'insurance_expired',
      'legal_form_not_offered',
      'legal_form_not_allowed',
    ])
      expect(isLegalFormRefusal(new ApiError(400, 'No', code))).toBe(true);
    for (const code of ['double_booked', 'offer_filled', 'cv_missing', 'invitation_expired'])
      expect(isLegalFormRefusal(new ApiError(409, 'No', code))).toBe(false);
    expect(isLegalFormRefusal(new ApiError(500, 'No', 'insurance_missing'))).toBe(false);
    expect(isLegalFormRefusal(new Error('rete'))).toBe(false);
  });
});

import { ENGAGEMENT_MESSAGES } from '@farmaponte/shared/messages-engagement';
import { describe, expect, it } from 'vitest';
import { firstLegalForm, needsApplyDialog, refusalText } from './apply-choice';

describe("what 'Manda CV' asks first", () => {
  it('asks nothing for an employee-only offer (or one from before the forms), and opens the dialog when freelance is offered', () => {
    expect(needsApplyDialog({ legal_forms: ['dipendente'] })).toBe(false);
    expect(needsApplyDialog({})).toBe(false);
    expect(needsApplyDialog({ legal_forms: ['libera_professione'] })).toBe(true);
    expect(needsApplyDialog({ legal_forms: ['dipendente', 'libera_professione'] })).toBe(true);
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
});

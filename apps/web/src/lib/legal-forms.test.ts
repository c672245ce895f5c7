import { LEGAL_FORM_SHORT } from '@farmaponte/shared/engagement';
import { LEGAL_FORM_PILLS } from '@farmaponte/shared/ui-text-legal-form-pills';
import { describe, expect, it } from 'vitest';
import { legalFormText } from './legal-form-text';
import { applicationLegalForm, ccnlLevelOf, legalFormsOf } from './legal-forms';

describe("an offer's legal forms on the screens", () => {
  it('reads an offer from before the forms as an employee-only offer', () => {
    expect(legalFormsOf({})).toEqual(['dipendente']);
    expect(legalFormsOf({ legal_forms: [] })).toEqual(['dipendente']);
    expect(legalFormsOf({ legal_forms: ['libera_professione'] })).toEqual(['libera_professione']);
    expect(ccnlLevelOf({ ccnl_level: 'Q2' })).toBe('Q2');
    expect(ccnlLevelOf({})).toBeNull();
  });

  it('reads an application from before the forms as an employee one', () => {
    expect(applicationLegalForm({})).toBe('dipendente');
    expect(applicationLegalForm({ legal_form: null })).toBe('dipendente');
    expect(applicationLegalForm({ legal_form: 'libera_professione' })).toBe('libera_professione');
  });

  it("draws the pills with the rules' short labels, also on the search's first screen", () => {
    expect(LEGAL_FORM_PILLS).toEqual(LEGAL_FORM_SHORT);
  });

  it('says the forms in words, with the CCNL level for an employee', () => {
    expect(legalFormText({ legal_forms: ['libera_professione'], ccnl_level: null })).toBe('Libera professione (partita IVA)');
    expect(legalFormText({ legal_forms: ['dipendente', 'libera_professione'], ccnl_level: 'Q1' })).toBe(
      'Lavoro dipendente a tempo determinato o Libera professione (partita IVA). Livello CCNL: Quadro Q1 – Direttore di farmacia',
    );
    expect(legalFormText({})).toBe(
      'Lavoro dipendente a tempo determinato. Livello CCNL: Primo livello – Farmacista collaboratore',
    );
  });
});

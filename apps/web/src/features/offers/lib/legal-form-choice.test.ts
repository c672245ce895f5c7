import { describe, expect, it } from 'vitest';
import { legalFormFieldOf, legalFormsPayload, legalFormValueOf } from './legal-form-choice';
import { offerFormValues } from './offer-form-values';
import { offerResolver } from './resolvers';

describe("the offer form's 'Forma di lavoro'", () => {
  it('sends each choice as the API reads it, the CCNL level only with the employee form', () => {
    expect(legalFormsPayload({ choice: 'dipendente', level: 'Q2' })).toEqual({ legal_forms: ['dipendente'], ccnl_level: 'Q2' });
    expect(legalFormsPayload({ choice: 'libera_professione', level: 'Q2' })).toEqual({
      legal_forms: ['libera_professione'],
      ccnl_level: null,
    });
    expect(legalFormsPayload({ choice: 'entrambe', level: '1' })).toEqual({
      legal_forms: ['dipendente', 'libera_professione'],
      ccnl_level: '1',
    });
    // An emptied level is the first level, as for an offer written without one.
    expect(legalFormsPayload({ choice: 'dipendente', level: '' }).ccnl_level).toBe('1');
  });

  it("reads an offer's forms back into the choice, and an offer from before the forms as an employee shift at level 1", () => {
    expect(legalFormValueOf({ legal_forms: ['libera_professione'], ccnl_level: null })).toEqual({
      choice: 'libera_professione',
      level: '1',
    });
    expect(legalFormValueOf({ legal_forms: ['dipendente', 'libera_professione'], ccnl_level: 'Q3' })).toEqual({
      choice: 'entrambe',
      level: 'Q3',
    });
    expect(legalFormValueOf({})).toEqual({ choice: 'dipendente', level: '1' });
    expect(legalFormValueOf(null)).toEqual({ choice: 'dipendente', level: '1' });
  });

  it("puts the server's refusal under the choice it concerns", () => {
    expect(legalFormFieldOf('legal_forms')).toBe('legal_form');
    expect(legalFormFieldOf('legal_forms.0')).toBe('legal_form');
    expect(legalFormFieldOf('ccnl_level')).toBe('ccnl_level');
    expect(legalFormFieldOf('title')).toBeUndefined();
  });

  it('adds the forms to what the checked form sends, and nothing when the form has an error', async () => {
    const values = {
      ...offerFormValues(),
      title: 'Sabato',
      description: 'Banco',
      date_from: '2099-03-07',
      date_to: '2099-03-07',
      hourly_pay: '22',
      legal_form: 'entrambe' as const,
      ccnl_level: 'Q1',
    };
    const checked = await offerResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(checked.errors).toEqual({});
    expect(checked.values).toMatchObject({
      legal_forms: ['dipendente', 'libera_professione'],
      ccnl_level: 'Q1',
      title: 'Sabato',
    });
    const refused = await offerResolver({ ...values, title: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(refused.errors.title).toBeDefined();
    expect(refused.values).toEqual({});
  });
});

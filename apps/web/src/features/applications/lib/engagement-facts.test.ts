import { describe, expect, it } from 'vitest';
import { professionalFacts } from './engagement-facts';

describe("a freelance applicant's facts on the owner's card", () => {
  it('gives no facts for an employee application', () => {
    expect(professionalFacts({ legal_form: 'dipendente', professional: null })).toEqual([]);
  });

  it("says the insurance's expiry and the ECM credits of the period", () => {
    expect(
      professionalFacts({
        legal_form: 'libera_professione',
        professional: { insurance_valid_until: '2027-12-31', ecm: { period: '2026–2028', credits: 60, required: 150 } },
      }),
    ).toEqual(['Assicurazione valida fino al 31/12/2027', 'ECM 2026–2028: 60 crediti dichiarati su 150']);
  });

  it('says what she has not given', () => {
    expect(
      professionalFacts({ legal_form: 'libera_professione', professional: { insurance_valid_until: null, ecm: null } }),
    ).toEqual(['Assicurazione non indicata', 'ECM non indicati']);
  });
});

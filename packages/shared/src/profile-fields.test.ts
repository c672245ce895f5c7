import { describe, expect, it } from 'vitest';
import {
  emptyProfileValues,
  fixedOnceVerifiedFields,
  foreignProfileFields,
  PROFILE_FIELD_NAMES,
  readOnlyProfileFields,
  WRITABLE_PROFILE_FIELD_NAMES,
} from './profile-fields';
import { ZProfileInputSchema, ZProfileSchema } from './schemas/account';

describe('the profile definition', () => {
  it('is what the API answers: every field, plus the role and the CV link', () => {
    expect(Object.keys(ZProfileSchema.shape).sort()).toEqual([...PROFILE_FIELD_NAMES, 'pdf_file', 'userRole'].sort());
    expect(ZProfileSchema.parse({ userRole: 'farmacista', ...emptyProfileValues(), pdf_file: null })).toMatchObject({
      communicationConsent: false,
      name: '',
    });
  });

  it('is what the profile save takes: every field but the description and the privacy consent, which have their own paths', () => {
    expect(Object.keys(ZProfileInputSchema.shape).sort()).toEqual([...WRITABLE_PROFILE_FIELD_NAMES].sort());
    expect(WRITABLE_PROFILE_FIELD_NAMES).not.toContain('descrizione');
    expect(WRITABLE_PROFILE_FIELD_NAMES).not.toContain('privacyPolicyConsent');
  });

  it("keeps each role's fields to that role", () => {
    expect(foreignProfileFields('farmacista').sort()).toEqual(
      ['cod_farmacia', 'comune_farmacia', 'denominazione_farmacia', 'indirizzo_farmacia', 'partita_iva'].sort(),
    );
    expect(foreignProfileFields('titolare').sort()).toEqual(
      ['data_iscrizione_albo', 'numero_iscrizione_albo', 'ordine_provincia', 'preferredRegion', 'titolo'].sort(),
    );
    expect(foreignProfileFields('admin')).toHaveLength(10);
  });

  it('makes the pharmacy fixed once its owner is verified, and neither it nor the albo entry read-only before', () => {
    expect(readOnlyProfileFields('farmacista')).toEqual(['privacyPolicyConsent']);
    expect(readOnlyProfileFields('titolare')).toEqual(['privacyPolicyConsent']);
    expect(fixedOnceVerifiedFields('titolare').sort()).toEqual(
      ['cod_farmacia', 'comune_farmacia', 'denominazione_farmacia', 'indirizzo_farmacia', 'partita_iva'].sort(),
    );
    expect(fixedOnceVerifiedFields('farmacista')).toEqual([]);
  });
});

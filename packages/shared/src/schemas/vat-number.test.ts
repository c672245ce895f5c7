import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { ZRegisterFormSchema } from './account';
import { vatCheckDigit, vatNumberProblem, zVatNumber } from './common';

describe("the VAT number's check digit", () => {
  it('accepts numbers whose last digit is the check digit of the others', () => {
    // 00743110157 is a real company's number, printed on its invoices.
    for (const vat of ['00743110157', '01234567897', '12345678903']) expect(vatNumberProblem(vat)).toBeUndefined();
    expect(vatCheckDigit('0074311015')).toBe('7');
  });

  it('refuses a wrong last digit, a swap of two digits and all zeros', () => {
    for (const vat of ['00743110158', '01234567890', '00743111057', '00000000000'])
      expect(vatNumberProblem(vat)).toBe(MESSAGES.invalidVatCheckDigit);
  });

  it('says when the length is wrong, before the check digit', () => {
    for (const vat of ['0074311015', '007431101570', '0074311015a']) expect(vatNumberProblem(vat)).toBe(MESSAGES.invalidVat);
  });

  it('checks what the person typed, separators and the IT prefix dropped, in the registration form as in the API', () => {
    expect(vatNumberProblem(zVatNumber.parse('IT 007 431 101 57'))).toBeUndefined();
    const form = {
      username: 'titolare@example.it',
      password: 'Farmaponte2026!',
      confirmPassword: 'Farmaponte2026!',
      name: 'Marco',
      surname: 'Rossi',
      dob: '1975-09-02',
      telephone: '0612345678',
      userRole: 'titolare',
      privacyPolicyConsent: true,
      cod_farmacia: '1234',
    };
    const wrong = ZRegisterFormSchema.safeParse({ ...form, partita_iva: 'IT00743110158' });
    expect(wrong.error?.issues).toEqual([
      expect.objectContaining({ path: ['partita_iva'], message: MESSAGES.invalidVatCheckDigit }),
    ]);
    expect(ZRegisterFormSchema.safeParse({ ...form, partita_iva: 'IT00743110157' }).success).toBe(true);
  });

  it('asks an owner for a pharmacy: a registry code, or name, address and comune typed by hand, and the VAT number', () => {
    const owner = {
      username: 'titolare@example.it',
      password: 'Farmaponte2026!',
      name: 'Marco',
      surname: 'Rossi',
      dob: '1975-09-02',
      telephone: '0612345678',
      userRole: 'titolare',
      privacyPolicyConsent: true,
    };
    const paths = (input: object) =>
      ZRegisterFormSchema.safeParse({ confirmPassword: owner.password, ...input }).error?.issues.map((i) => i.path.join('.'));
    expect(paths(owner)).toEqual(['cod_farmacia', 'partita_iva']);
    expect(paths({ ...owner, denominazione_farmacia: 'Farmacia Nuova', partita_iva: '00743110157' })).toEqual([
      'indirizzo_farmacia',
      'comune_farmacia',
    ]);
    const byHand = { denominazione_farmacia: 'Farmacia Nuova', indirizzo_farmacia: 'Via Roma 1', comune_farmacia: 'Roma' };
    expect(paths({ ...owner, ...byHand, partita_iva: '00743110157' })).toBeUndefined();
  });
});

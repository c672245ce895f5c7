import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { ZRegisterFormSchema, ZRegisterSchema } from './account';

const valid = {
  username: 'mario.rossi@example.it',
  password: 'password1',
  confirmPassword: 'password1',
  name: 'Mario',
  surname: 'Rossi',
  dob: '1990-05-01',
  telephone: '3331234567',
  userRole: 'farmacista',
  privacyPolicyConsent: true,
};
const firstMessage = (form: Record<string, unknown>) => {
  const result = ZRegisterFormSchema.safeParse(form);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('registration form checks, in order: required, e-mail, password, confirmation, terms', () => {
  it('accepts a complete form', () => {
    expect(firstMessage(valid)).toBeNull();
  });

  it('reports the first failing rule only', () => {
    // Everything wrong at once: the missing-fields message wins.
    expect(firstMessage({ ...valid, name: '', username: 'x', password: '1', privacyPolicyConsent: false })).toBe(
      MESSAGES.requiredFields,
    );
    expect(firstMessage({ ...valid, username: 'x', password: '1', privacyPolicyConsent: false })).toBe(MESSAGES.invalidEmail);
    expect(firstMessage({ ...valid, password: '1234567', confirmPassword: 'other', privacyPolicyConsent: false })).toBe(
      MESSAGES.passwordTooShort,
    );
    expect(firstMessage({ ...valid, confirmPassword: 'password2', privacyPolicyConsent: false })).toBe(
      MESSAGES.passwordsDontMatchRegister,
    );
    expect(firstMessage({ ...valid, privacyPolicyConsent: false })).toBe(MESSAGES.acceptTerms);
  });

  it('does not require the communications consent nor the role-specific fields', () => {
    expect(firstMessage({ ...valid, communicationConsent: false, numero_iscrizione_albo: '' })).toBeNull();
  });

  it("names every empty required field, in the form's order, with the missing-fields message", () => {
    const result = ZRegisterFormSchema.safeParse({ ...valid, username: '', surname: '', telephone: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['username', MESSAGES.requiredFields],
      ['surname', MESSAGES.requiredFields],
      ['telephone', MESSAGES.requiredFields],
    ]);
  });

  it('treats a blank name as missing', () => {
    expect(firstMessage({ ...valid, name: '   ' })).toBe(MESSAGES.requiredFields);
  });
});

describe("the API's registration body: the form's fields and checks, the profile's under `profile`", () => {
  const body = (form: Record<string, unknown>) => {
    const { username, password, confirmPassword: _confirm, ...profile } = form;
    return { username, password, profile };
  };
  const bodyIssues = (form: Record<string, unknown>) => {
    const result = ZRegisterSchema.safeParse(body(form));
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('accepts a complete registration and answers its fields nested as sent', () => {
    const result = ZRegisterSchema.safeParse(body(valid));
    expect(result.success).toBe(true);
    expect(result.data?.username).toBe(valid.username);
    expect(result.data?.profile).toMatchObject({ name: 'Mario', userRole: 'farmacista', privacyPolicyConsent: true });
  });

  it('gives the first failing rule the same message as the form, at the same field under `profile`', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, name: '', username: 'x' }, 'profile.name', MESSAGES.requiredFields],
      [{ ...valid, username: 'x', password: '1' }, 'username', MESSAGES.invalidEmail],
      [{ ...valid, password: '1234567', privacyPolicyConsent: false }, 'password', MESSAGES.passwordTooShort],
      [{ ...valid, privacyPolicyConsent: false }, 'profile.privacyPolicyConsent', MESSAGES.acceptTerms],
      [{ ...valid, userRole: 'admin' }, 'profile.userRole', MESSAGES.invalidRole],
      [{ ...valid, telephone: '12' }, 'profile.telephone', MESSAGES.invalidPhone],
    ];
    for (const [form, path, message] of cases) {
      expect(bodyIssues(form)[0]).toEqual([path, message]);
      expect(firstMessage({ ...form, confirmPassword: form.password })).toBe(message);
    }
  });

  it('has no confirmation to check: a differing one in the body is dropped', () => {
    expect(bodyIssues({ ...valid, confirmPassword: 'password2' })).toEqual([]);
  });

  it('names every empty required field, the profile ones under `profile`', () => {
    expect(bodyIssues({ ...valid, username: '', surname: '', telephone: ' ' })).toEqual([
      ['username', MESSAGES.requiredFields],
      ['profile.surname', MESSAGES.requiredFields],
      ['profile.telephone', MESSAGES.requiredFields],
    ]);
  });
});

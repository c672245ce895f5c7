import { describe, expect, it } from 'vitest';
import { contractStatusText, myConfirmation, shortHash } from './contract-status';

const at = '2026-11-28T10:00:00Z';
const none = { status: 'da_confermare' as const, owner_confirmation: null, pharmacist_confirmation: null };
const ownerDone = { ...none, owner_confirmation: { at, by_name: 'Marco Ferri' } };
const pharmacistDone = { ...none, pharmacist_confirmation: { at } };
const both = {
  status: 'confermato_da_entrambi' as const,
  owner_confirmation: { at, by_name: 'Marco Ferri' },
  pharmacist_confirmation: { at },
};

describe("a contract's status as each side reads it", () => {
  it('is to confirm while nobody has', () => {
    expect(contractStatusText(none, 'farmacista')).toBe('Da confermare');
    expect(contractStatusText(none, 'titolare')).toBe('Da confermare');
  });

  it('says who is waiting for whom once one side has confirmed', () => {
    expect(contractStatusText(pharmacistDone, 'farmacista')).toBe('Confermato da te, in attesa della farmacia');
    expect(contractStatusText(pharmacistDone, 'titolare')).toBe('Confermato dal farmacista, da confermare da te');
    expect(contractStatusText(ownerDone, 'titolare')).toBe('Confermato da te, in attesa del farmacista');
    expect(contractStatusText(ownerDone, 'farmacista')).toBe('Confermato dalla farmacia, da confermare da te');
  });

  it('says the same words to both sides once both have confirmed', () => {
    expect(contractStatusText(both, 'farmacista')).toBe('contratto confermato da entrambi');
    expect(contractStatusText(both, 'titolare')).toBe('contratto confermato da entrambi');
  });

  it('says a cancelled engagement is cancelled to both sides, whoever had confirmed', () => {
    for (const side of ['farmacista', 'titolare'] as const)
      expect(contractStatusText({ ...ownerDone, status: 'annullato' }, side)).toBe(
        'Incarico annullato: il contratto resta consultabile, non si conferma più',
      );
  });

  it("reads each side's own confirmation", () => {
    expect(myConfirmation(pharmacistDone, 'farmacista')).toEqual({ at });
    expect(myConfirmation(pharmacistDone, 'titolare')).toBeNull();
  });

  it('shortens a SHA-256 to its two ends', () => {
    const hash = 'a'.repeat(8) + 'b'.repeat(48) + 'c'.repeat(8);
    expect(shortHash(hash)).toBe('aaaaaaaa…cccccccc');
  });
});

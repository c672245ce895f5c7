import { describe, expect, it } from 'vitest';
import { formatEuros, formatKilometres } from './numbers';

describe('numbers as Italians read them', () => {
  it('writes euros with a decimal comma, and no decimals for whole euros', () => {
    expect([formatEuros(20), formatEuros(20.5), formatEuros(18.25)]).toEqual(['20', '20,50', '18,25']);
  });
  it('writes kilometres with one decimal at most', () => {
    expect([formatKilometres(12.3), formatKilometres(7), formatKilometres(1234.5)]).toEqual(['12,3', '7', '1234,5']);
  });
});

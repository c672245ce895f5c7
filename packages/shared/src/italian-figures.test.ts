import { describe, expect, it } from 'vitest';
import { formatAmount, formatHours } from './italian-figures';

describe('Italian figures', () => {
  it('writes euros with the decimal comma and thousands grouped by a point', () => {
    expect(formatAmount(0)).toBe('0,00');
    expect(formatAmount(80)).toBe('80,00');
    expect(formatAmount(166.5)).toBe('166,50');
    expect(formatAmount(1241.25)).toBe('1.241,25');
    expect(formatAmount(1234567.891)).toBe('1.234.567,89');
    expect(formatAmount(0.1 + 0.2)).toBe('0,30');
  });

  it('writes hours with at most two decimals, none that are zero', () => {
    expect(formatHours(480)).toBe('8');
    expect(formatHours(450)).toBe('7,5');
    expect(formatHours(440)).toBe('7,33');
    expect(formatHours(0)).toBe('0');
    expect(formatHours(65 * 60)).toBe('65');
    expect(formatHours(1000 * 60 + 15)).toBe('1.000,25');
  });
});

import { describe, expect, it } from 'vitest';
import { ageInYears, formatDate, formatDateTime, isIsoDate, todayInItaly } from './dates';

describe('dates', () => {
  it('accepts only real calendar dates in YYYY-MM-DD', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('01/02/2025')).toBe(false);
  });

  it('shows dates as dd/mm/yyyy', () => {
    expect(formatDate('2025-03-28')).toBe('28/03/2025');
    expect(formatDate(null)).toBe('');
  });

  it('shows timestamps as dd/mm/yyyy hh:mm in Italian time', () => {
    expect(formatDateTime('2026-07-01T08:05:00Z')).toBe('01/07/2026 10:05');
  });

  it('counts whole years of age, birthday included', () => {
    expect(ageInYears('2000-11-21', '2018-11-21')).toBe(18);
    expect(ageInYears('2000-11-22', '2018-11-21')).toBe(17);
  });

  it("uses Italy's calendar day, not UTC's", () => {
    expect(todayInItaly(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });
});

import { describe, expect, it } from 'vitest';
import {
  CCNL,
  CONTRACT_TEMPLATE,
  ECM,
  ecmPeriodLabel,
  ecmPeriodStartOf,
  INSURANCE,
  inForce,
  LEGAL_FORM_EMPLOYMENT_TYPE,
  OCCASIONAL_WORK,
  RECLASSIFICATION,
} from './engagement';
import { FAIR_PAY } from './fair-pay';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

describe('the rules of an engagement, as dated data', () => {
  it('names a source and the day it is in force from for every rule', () => {
    for (const rule of [OCCASIONAL_WORK, CCNL, INSURANCE, ECM, CONTRACT_TEMPLATE, RECLASSIFICATION]) {
      expect(rule.since).toMatch(ISO_DAY);
      expect(rule.source.length).toBeGreaterThan(40);
    }
  });

  it('refuses occasional work citing ENPAF and offers the two lawful forms instead', () => {
    expect(OCCASIONAL_WORK.refusal).toContain('ENPAF');
    expect(OCCASIONAL_WORK.refusal).toContain('libera professione');
    expect(OCCASIONAL_WORK.refusal).toContain('lavoro dipendente');
  });

  it("maps the forms to schema.org's employment types", () => {
    expect(LEGAL_FORM_EMPLOYMENT_TYPE).toEqual({ dipendente: 'TEMPORARY', libera_professione: 'CONTRACTOR' });
  });

  it("relies on the first level's hourly minimum only, the fair-pay figure: 1 month over 173 hours", () => {
    const first = CCNL.levels.find((level) => level.code === '1');
    expect(first?.hourlyMinimum).toBe(FAIR_PAY.hourly);
    expect(CCNL.levels.map((level) => level.code)).toEqual(['Q1', 'Q2', 'Q3', '1']);
    // 40 hours a week × 52 weeks / 12 months = 173.3, the contract's divisor rounded down.
    expect(Math.floor((CCNL.weeklyHours * 52) / 12)).toBe(CCNL.monthlyDivisor);
  });

  it('puts a day in its three-year ECM period: 2020–2022, 2023–2025, 2026–2028', () => {
    // By hand: (2026 − 2020) mod 3 = 0, so 2026 starts a period; 2027 and 2028 belong to it; 2029 starts the next.
    expect(ecmPeriodStartOf('2026-11-28')).toBe(2026);
    expect(ecmPeriodStartOf('2028-12-31')).toBe(2026);
    expect(ecmPeriodStartOf('2029-01-01')).toBe(2029);
    expect(ecmPeriodStartOf('2025-06-30')).toBe(2023);
    expect(ecmPeriodStartOf('2019-05-01')).toBe(2017);
    expect(ecmPeriodLabel(2026)).toBe('2026–2028');
    expect(ECM.creditsPerPeriod).toBe(150);
  });

  it('reads a list of rules under the one in force on a day', () => {
    const rules = [
      { since: '2020-01-01', value: 'a' },
      { since: '2026-11-28', value: 'c' },
      { since: '2024-03-01', value: 'b' },
    ];
    expect(inForce(rules, '2019-12-31')).toBeUndefined();
    expect(inForce(rules, '2020-01-01')?.value).toBe('a');
    expect(inForce(rules, '2026-11-27')?.value).toBe('b');
    expect(inForce(rules, '2026-11-28')?.value).toBe('c');
  });

  it('keeps the thresholds of the reclassification warning within what they measure', () => {
    const t = RECLASSIFICATION.thresholds;
    // Eight weeks of the same weekday fit in the 12-month window (52 weeks); 120 hours is under a full-time month (173).
    expect(t.sameWeekdayWeeks).toBeLessThan(52);
    expect(t.hoursPerMonth).toBeLessThan(CCNL.monthlyDivisor);
    expect(t.share).toBe(0.8);
    // 96 days in 12 months is two days a week for 48 weeks.
    expect(t.shifts).toBe(2 * 48);
    expect(CONTRACT_TEMPLATE.retentionYears).toBe(10);
  });
});

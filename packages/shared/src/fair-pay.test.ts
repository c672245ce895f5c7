import { describe, expect, it } from 'vitest';
import { FAIR_PAY, fairPayWarning } from './fair-pay';

describe('the fair-pay warning', () => {
  it("is the national contract's first level divided by 173 hours, with its source and month", () => {
    expect(FAIR_PAY).toMatchObject({ hourly: 11.39, since: '2021-11' });
    expect(FAIR_PAY.source).toContain('CCNL');
  });

  it('warns below it, as typed or as a number, and names both figures the Italian way', () => {
    expect(fairPayWarning('9,50')).toContain('9,50 €/ora');
    expect(fairPayWarning(9.5)).toContain('11,39 €/ora');
    expect(fairPayWarning(11.38)).not.toBeNull();
  });

  it('says nothing for a fair pay, an empty field or something that is not a pay', () => {
    for (const pay of [11.39, '11,39', 18, '', null, undefined, 'venti', '0']) expect(fairPayWarning(pay)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { percentText, periodChoice, recentMonths, weekLabel } from './period';

/** 20 June 2030, noon in Rome. */
const NOW = new Date('2030-06-20T10:00:00Z');

describe("the group page's months", () => {
  it('are this month in Italy and the eleven before, newest first, across a new year', () => {
    const months = recentMonths(NOW);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({
      value: '2030-06',
      year: 2030,
      month: 6,
      from: '2030-06-01',
      to: '2030-06-30',
      label: 'giugno 2030 (mese in corso)',
    });
    expect(months.slice(4, 7).map((m) => [m.value, m.label, m.to])).toEqual([
      ['2030-02', 'febbraio 2030', '2030-02-28'],
      ['2030-01', 'gennaio 2030', '2030-01-31'],
      ['2029-12', 'dicembre 2029', '2029-12-31'],
    ]);
    // Midnight of 1 July in Rome is still 30 June in UTC: July already.
    expect(recentMonths(new Date('2030-06-30T22:30:00Z'))[0]?.value).toBe('2030-07');
  });

  it('take ?mese= when it is a month up to this one, an older one added; anything else is this month', () => {
    expect(periodChoice('2030-03', NOW).chosen.value).toBe('2030-03');
    const older = periodChoice('2027-11', NOW);
    expect([older.chosen.label, older.options.length, older.options.at(-1)?.value]).toEqual(['novembre 2027', 13, '2027-11']);
    for (const param of [null, '2030-07', '2030-13', '1999-12', 'giugno'])
      expect(periodChoice(param, NOW).chosen.value).toBe('2030-06');
  });

  it('write a week from Monday to Sunday and a share as an Italian percentage', () => {
    expect(weekLabel('2030-W23', '2030-06-03')).toBe('Sett. 23 (03/06–09/06)');
    expect(weekLabel('2031-W01', '2030-12-30')).toBe('Sett. 1 (30/12–05/01)');
    expect([percentText(2 / 3), percentText(1), percentText(0), percentText(null)]).toEqual(['66,7%', '100%', '0%', '—']);
  });
});

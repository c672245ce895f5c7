import type { TMyOffer } from '@farmaponte/shared';
import { bulkDays } from '@farmaponte/shared/bulk-offers';
import { describe, expect, it } from 'vitest';
import {
  addRuleDays,
  bulkRequestOf,
  RULE_WEEKDAYS,
  seriesOf,
  shiftDayLabel,
  templateFromSettings,
  toggleShiftDay,
} from './shift-days';

describe("the days of 'Pubblica più turni'", () => {
  it('picks a day, takes it off again, and keeps the days in order', () => {
    let days = toggleShiftDay([], '2026-12-12');
    days = toggleShiftDay(days, '2026-12-05');
    expect(days).toEqual(['2026-12-05', '2026-12-12']);
    expect(toggleShiftDay(days, '2026-12-05')).toEqual(['2026-12-12']);
  });

  it('adds every Saturday of December to the days picked, once, and not those already past', () => {
    const rule = { weekdays: [6], from: '2026-12-01', to: '2026-12-31' };
    const { days, added } = addRuleDays(['2026-12-12', '2026-12-24'], rule, '2026-12-01');
    expect(days).toEqual(['2026-12-05', '2026-12-12', '2026-12-19', '2026-12-24', '2026-12-26']);
    expect(added).toBe(3);
    // Today is the 10th: the 5th has passed.
    expect(addRuleDays([], rule, '2026-12-10').days).toEqual(['2026-12-12', '2026-12-19', '2026-12-26']);
    // The same rule again adds nothing.
    expect(addRuleDays(days, rule, '2026-12-01').added).toBe(0);
  });

  it('counts what the server will publish: the days the rule fills are the days it accepts', () => {
    const { days } = addRuleDays([], { weekdays: [0, 3], from: '2027-01-01', to: '2027-01-31' }, '2026-12-01');
    // January 2027: five Sundays (3 … 31) and four Wednesdays (6 … 27).
    expect(days).toHaveLength(9);
    expect(bulkDays({ dates: days }, '2026-12-01')).toEqual({ days, problems: [] });
  });

  it('names each day as a screen reader says it, Monday first in the rule with the API’s numbers', () => {
    expect(shiftDayLabel('2026-12-05', false)).toBe('sabato 5 dicembre 2026');
    expect(shiftDayLabel('2026-12-05', true)).toBe('sabato 5 dicembre 2026, scelto');
    expect(RULE_WEEKDAYS.map((day) => day.value)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(RULE_WEEKDAYS[5]).toEqual({ value: 6, label: 'sabato' });
  });

  it("prefills the template from the pharmacy's settings, and sends only what is written", () => {
    expect(templateFromSettings(undefined)).toEqual({
      title: '',
      description: '',
      hourly_pay: '',
      start_time: '',
      end_time: '',
      positions: '',
    });
    const values = templateFromSettings({
      start_time: '15:00',
      end_time: '19:30',
      hourly_pay: 22.5,
      positions: 2,
      note: 'Camice proprio.',
    });
    expect(values).toEqual({
      title: '',
      description: 'Camice proprio.',
      hourly_pay: '22,5',
      start_time: '15:00',
      end_time: '19:30',
      positions: '2',
    });
    expect(bulkRequestOf({ ...values, title: 'Sabato', end_time: ' ' }, ['2026-12-05'])).toEqual({
      title: 'Sabato',
      description: 'Camice proprio.',
      hourly_pay: '22,5',
      start_time: '15:00',
      positions: '2',
      dates: ['2026-12-05'],
    });
  });
});

describe("the series on 'Le Mie Offerte'", () => {
  const offer = (id: number, series_id: string | null, status: TMyOffer['status']) =>
    ({ id, series_id, status, title: 'Sabato' }) as TMyOffer;

  it('counts the shifts of each series, and offers to close one only while a shift of it is left to close', () => {
    const series = seriesOf([
      offer(1, 'a', 'closed'),
      offer(2, 'a', 'expired'),
      offer(3, 'b', 'closed'),
      offer(4, 'b', 'filled'),
      offer(5, null, 'open'),
      offer(6, 'c', 'pending_verification'),
    ]);
    expect(Object.fromEntries(series)).toEqual({
      a: { count: 2, closable: false },
      b: { count: 2, closable: true },
      c: { count: 1, closable: true },
    });
  });
});

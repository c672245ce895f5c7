import { describe, expect, it } from 'vitest';
import { addMonths, calendarDaysOf, dayListOf, monthWeeks, moveFrom, toggleDay, togglePart } from './calendar';

describe('the month calendar', () => {
  it('lays a month out in weeks from Monday, the days of other months left empty', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const weeks = monthWeeks({ year: 2026, month: 12 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(weeks[4]).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
    // February 2027 fills exactly four weeks from a Monday.
    expect(monthWeeks({ year: 2027, month: 2 })).toHaveLength(4);
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
  });

  it('moves with the keys by a day, a week, to the week’s ends and by a month, inside the days that may be chosen', () => {
    const [first, last] = ['2026-12-02', '2027-05-31'];
    expect(moveFrom('2026-12-09', 'ArrowLeft', first, last)).toBe('2026-12-08');
    expect(moveFrom('2026-12-31', 'ArrowRight', first, last)).toBe('2027-01-01');
    expect(moveFrom('2026-12-09', 'ArrowDown', first, last)).toBe('2026-12-16');
    expect(moveFrom('2026-12-09', 'ArrowUp', first, last)).toBe('2026-12-02');
    expect(moveFrom('2026-12-05', 'ArrowUp', first, last)).toBe(first);
    // Wednesday 9 December: its week runs from Monday 7 to Sunday 13.
    expect(moveFrom('2026-12-09', 'Home', first, last)).toBe('2026-12-07');
    expect(moveFrom('2026-12-09', 'End', first, last)).toBe('2026-12-13');
    expect(moveFrom('2027-01-31', 'PageDown', first, last)).toBe('2027-02-28');
    expect(moveFrom('2027-05-20', 'PageDown', first, last)).toBe(last);
    expect(moveFrom('2026-12-09', 'Enter', first, last)).toBeUndefined();
  });

  it('marks a whole day with a tap, and takes any day off with the next', () => {
    const marked = toggleDay({}, '2026-12-09');
    expect(marked).toEqual({ '2026-12-09': ['giornata'] });
    expect(toggleDay(marked, '2026-12-09')).toEqual({});
    expect(toggleDay({ '2026-12-09': ['mattina', 'notte'] }, '2026-12-09')).toEqual({});
  });

  it('keeps a whole day alone: a part takes it off, the whole day takes the parts off', () => {
    let days = togglePart({ '2026-12-09': ['giornata'] }, '2026-12-09', 'notte');
    expect(days).toEqual({ '2026-12-09': ['notte'] });
    days = togglePart(days, '2026-12-09', 'mattina');
    expect(days).toEqual({ '2026-12-09': ['mattina', 'notte'] });
    expect(togglePart(days, '2026-12-09', 'giornata')).toEqual({ '2026-12-09': ['giornata'] });
    expect(togglePart(togglePart(days, '2026-12-09', 'mattina'), '2026-12-09', 'notte')).toEqual({});
  });

  it('reads the API’s days and writes them back by date and part', () => {
    const days = calendarDaysOf([
      { date: '2026-12-10', part: 'notte' },
      { date: '2026-12-09', part: 'giornata' },
      { date: '2026-12-10', part: 'mattina' },
    ]);
    expect(days).toEqual({ '2026-12-09': ['giornata'], '2026-12-10': ['mattina', 'notte'] });
    expect(dayListOf(days)).toEqual([
      { date: '2026-12-09', part: 'giornata' },
      { date: '2026-12-10', part: 'mattina' },
      { date: '2026-12-10', part: 'notte' },
    ]);
  });
});

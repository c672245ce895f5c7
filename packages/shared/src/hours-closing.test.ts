/**
 * Hours that close, day by day against a calendar worked out by hand: a shift ending on Monday 10 March 2025 may be
 * corrected for 14 days (to 24 March); what the pharmacy has not answered 3 days after that is confirmed on 27 March.
 */
import { describe, expect, it } from 'vitest';
import { expenseState, hoursConfirmOn, hoursState } from './hours-closing';

const LAST_DAY = '2025-03-10';

describe('the day hours close', () => {
  it('is the last day + 14 + 3, across the end of a month and of a year', () => {
    expect(hoursConfirmOn(LAST_DAY)).toBe('2025-03-27');
    // 20 February + 17: 8 days to 28 February (2025 is not a leap year), 9 more → 9 March.
    expect(hoursConfirmOn('2025-02-20')).toBe('2025-03-09');
    // 20 December + 17: 11 days to 31 December, 6 more → 6 January.
    expect(hoursConfirmOn('2025-12-20')).toBe('2026-01-06');
  });
});

describe("the hours' state", () => {
  it('is in corso with no correction, until the day they close: then confirmed automatically', () => {
    expect(hoursState(LAST_DAY, null, '2025-03-05')).toEqual({
      state: 'in_corso',
      confirmed_by: null,
      confirms_on: '2025-03-27',
    });
    expect(hoursState(LAST_DAY, null, '2025-03-26').state).toBe('in_corso');
    expect(hoursState(LAST_DAY, null, '2025-03-27')).toEqual({
      state: 'confermate',
      confirmed_by: 'automatica',
      confirms_on: '2025-03-27',
    });
  });

  it('waits for the pharmacy once corrected, and is confirmed automatically on the 27th if nobody answered', () => {
    expect(hoursState(LAST_DAY, { status: 'pending' }, '2025-03-20')).toMatchObject({
      state: 'da_confermare',
      confirmed_by: null,
    });
    expect(hoursState(LAST_DAY, { status: 'pending' }, '2025-03-26').state).toBe('da_confermare');
    expect(hoursState(LAST_DAY, { status: 'pending' }, '2025-03-27')).toMatchObject({
      state: 'confermate',
      confirmed_by: 'automatica',
    });
  });

  it('is confirmed by the owner at once, even before the deadline', () => {
    expect(hoursState(LAST_DAY, { status: 'confirmed' }, '2025-03-11')).toEqual({
      state: 'confermate',
      confirmed_by: 'titolare',
      confirms_on: '2025-03-27',
    });
  });

  it('stays disputed past the deadline: a dispute is never confirmed by the calendar', () => {
    expect(hoursState(LAST_DAY, { status: 'disputed' }, '2025-03-12').state).toBe('contestate');
    expect(hoursState(LAST_DAY, { status: 'disputed' }, '2025-06-01')).toEqual({
      state: 'contestate',
      confirmed_by: null,
      confirms_on: '2025-03-27',
    });
  });
});

describe("an expense's state", () => {
  it('is confirmed with the hours, on the same day, when the pharmacy did not answer', () => {
    expect(expenseState('in_attesa', LAST_DAY, '2025-03-26')).toBe('in_attesa');
    expect(expenseState('in_attesa', LAST_DAY, '2025-03-27')).toBe('confermata');
  });

  it("keeps the pharmacy's answer whatever the day", () => {
    expect(expenseState('contestata', LAST_DAY, '2025-03-11')).toBe('contestata');
    expect(expenseState('contestata', LAST_DAY, '2025-12-31')).toBe('contestata');
    expect(expenseState('confermata', LAST_DAY, '2025-03-11')).toBe('confermata');
  });
});

/** contactTerm (decision 067): the days an owner sees an applicant's contact data, counted in Italian calendar days. */
import { describe, expect, it } from 'vitest';
import { contactTerm } from './contact-term';

const at = (iso: string) => new Date(iso);

describe('contactTerm', () => {
  it('waiting or accepted: until the last day plus the setting, inclusive, in Italian days', () => {
    for (const status of ['sent', 'seen', 'accepted'] as const) {
      const application = { status, statusChangedAt: at('2026-01-01T10:00:00Z'), dateTo: '2026-03-31' };
      expect(contactTerm(application, at('2026-06-29T21:59:00Z'), 90)).toEqual({ until: '2026-06-29', hidden: null });
      // 22:00 UTC on 29 June is midnight in Rome (summer time): the 30th, past the term.
      expect(contactTerm(application, at('2026-06-29T22:00:00Z'), 90)).toEqual({ until: null, hidden: 'period_ended' });
    }
  });

  it('follows the setting', () => {
    const application = { status: 'seen' as const, statusChangedAt: at('2026-01-01T10:00:00Z'), dateTo: '2026-03-31' };
    expect(contactTerm(application, at('2026-04-10T10:00:00Z'), 10).hidden).toBeNull();
    expect(contactTerm(application, at('2026-04-11T10:00:00Z'), 10).hidden).toBe('period_ended');
  });

  it("no last day: counted from the application's last change of status (its Italian day)", () => {
    // 23:30 UTC on 31 December is already 1 January in Rome.
    const application = { status: 'sent' as const, statusChangedAt: at('2025-12-31T23:30:00Z'), dateTo: null };
    expect(contactTerm(application, at('2026-04-01T12:00:00Z'), 90)).toEqual({ until: '2026-04-01', hidden: null });
    expect(contactTerm(application, at('2026-04-02T12:00:00Z'), 90).hidden).toBe('period_ended');
  });

  it('rejected or withdrawn: hidden at once, whatever the dates', () => {
    for (const status of ['rejected', 'withdrawn'] as const) {
      expect(
        contactTerm(
          { status, statusChangedAt: at('2026-01-01T10:00:00Z'), dateTo: '2030-01-01' },
          at('2026-01-02T10:00:00Z'),
          90,
        ),
      ).toEqual({ until: null, hidden: 'application_closed' });
    }
  });
});

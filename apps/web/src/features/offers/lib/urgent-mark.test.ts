import type { TMyOffer } from '@farmaponte/shared';
import { romeInstant } from '@farmaponte/shared/dates';
import { describe, expect, it } from 'vitest';
import { mayMarkUrgent } from '../components/my-offer-card';

const offer = (overrides: Partial<TMyOffer>) =>
  ({ status: 'open', urgent: false, urgent_reached: 0, date_from: '2026-12-10', start_time: '09:00', ...overrides }) as TMyOffer;
const start = romeInstant('2026-12-10', '09:00');
const HOUR = 3_600_000;

describe("'Segna come urgente' is offered (decision 096)", () => {
  it('for an open shift starting within 72 hours, not before, not once started', () => {
    expect(mayMarkUrgent(offer({}), start - 72 * HOUR)).toBe(true);
    expect(mayMarkUrgent(offer({}), start - HOUR)).toBe(true);
    expect(mayMarkUrgent(offer({}), start - 72 * HOUR - 60_000)).toBe(false);
    expect(mayMarkUrgent(offer({}), start)).toBe(false);
  });

  it('not for a shift marked already, closed or filled, or without a date; midnight without a start time', () => {
    expect(mayMarkUrgent(offer({ urgent: true, urgent_reached: 3 }), start - HOUR)).toBe(false);
    expect(mayMarkUrgent(offer({ status: 'closed' }), start - HOUR)).toBe(false);
    expect(mayMarkUrgent(offer({ status: 'filled' }), start - HOUR)).toBe(false);
    expect(mayMarkUrgent(offer({ date_from: null }), start - HOUR)).toBe(false);
    expect(mayMarkUrgent(offer({ start_time: null }), romeInstant('2026-12-10', '00:00') + 60_000)).toBe(false);
  });
});

import { PAY_MESSAGES } from '@farmaponte/shared/messages-pay';
import { describe, expect, it } from 'vitest';
import { checkCounter, checkProposal } from './proposal-check';

const values = (hourly_pay: string, travel_amount = '', reason = '') => ({ hourly_pay, travel_amount, reason });

describe('a proposal and a counter are checked before they are sent, as the server checks them', () => {
  it("takes her proposal within the owner's bounds, Italian decimals included, and says each bound it crosses", () => {
    const bounds = { max_hourly: 40, max_travel: 30 };
    expect(checkProposal(values('35,50', '20', ' Vengo da lontano '), bounds)).toEqual({
      ok: true,
      value: { hourly_pay: 35.5, travel_amount: 20, reason: 'Vengo da lontano' },
    });
    expect(checkProposal(values('', ''), bounds)).toEqual({ ok: false, errors: { hourly_pay: PAY_MESSAGES.proposalEmpty } });
    expect(checkProposal(values('32,555'), bounds)).toEqual({ ok: false, errors: { hourly_pay: PAY_MESSAGES.proposalHourly } });
    expect(checkProposal(values('41', '31'), bounds)).toEqual({
      ok: false,
      errors: { hourly_pay: PAY_MESSAGES.proposalAboveBound(40), travel_amount: PAY_MESSAGES.proposalTravelAboveBound(30) },
    });
    expect(checkProposal(values('', '10'), { max_hourly: 40, max_travel: null })).toEqual({
      ok: false,
      errors: { travel_amount: PAY_MESSAGES.travelNotNegotiable },
    });
  });

  it("keeps the owner's counter between the offered hourly and hers, its travel at most hers (or the bound when she asked none)", () => {
    const bounds = { offered: 30, proposed: { hourly_pay: 38, travel_amount: 25 }, max_travel: 40 };
    expect(checkCounter(values('34', '20'), bounds)).toMatchObject({ ok: true, value: { hourly_pay: 34, travel_amount: 20 } });
    expect(checkCounter(values('30'), bounds).ok).toBe(true);
    expect(checkCounter(values('38'), bounds).ok).toBe(true);
    expect(checkCounter(values('29', '26'), bounds)).toEqual({
      ok: false,
      errors: { hourly_pay: PAY_MESSAGES.counterOutOfBounds(30, 38), travel_amount: PAY_MESSAGES.counterTravelOutOfBounds },
    });
    expect(checkCounter(values('', '35'), { ...bounds, proposed: { hourly_pay: 38, travel_amount: null } }).ok).toBe(true);
    expect(
      checkCounter(values('', '5'), { ...bounds, proposed: { hourly_pay: 38, travel_amount: null }, max_travel: null }),
    ).toEqual({
      ok: false,
      errors: { travel_amount: PAY_MESSAGES.travelNotNegotiable },
    });
  });
});

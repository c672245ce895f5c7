import type { TReceivedApplication, TSentApplication } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { canWithdraw, decisionsFor } from './application-actions';

const sent = (status: TSentApplication['status'], dateTo: string | null) =>
  ({ status, offer: { date_to: dateTo } }) as TSentApplication;
const received = (status: TReceivedApplication['status'], offerStatus: TReceivedApplication['offer']['status']) =>
  ({ status, offer: { status: offerStatus } }) as TReceivedApplication;

describe("the pharmacist's 'Ritira'", () => {
  it('shows while the application is not rejected nor withdrawn, an accepted one until its last day', () => {
    const today = '2030-06-01';
    expect(canWithdraw(sent('sent', '2030-05-01'), today)).toBe(true);
    expect(canWithdraw(sent('accepted', '2030-06-01'), today)).toBe(true);
    expect(canWithdraw(sent('accepted', null), today)).toBe(true);
    expect(canWithdraw(sent('accepted', '2030-05-31'), today)).toBe(false);
    expect(canWithdraw(sent('rejected', '2030-07-01'), today)).toBe(false);
    expect(canWithdraw(sent('withdrawn', '2030-07-01'), today)).toBe(false);
  });
});

describe("the owner's decisions", () => {
  it('accept or reject a waiting one (only reject once the offer has expired); cancel an accepted one until its last day', () => {
    expect(decisionsFor(received('seen', 'open'))).toEqual(['accept', 'reject']);
    expect(decisionsFor(received('sent', 'expired'))).toEqual(['reject']);
    expect(decisionsFor(received('accepted', 'filled'))).toEqual(['cancel']);
    expect(decisionsFor(received('accepted', 'expired'))).toEqual([]);
    expect(decisionsFor(received('rejected', 'open'))).toEqual([]);
  });
});

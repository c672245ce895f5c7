import { APPLICATION_STATUSES as CONTRACT_STATUSES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, readFilters } from './received-filters';

describe('the filters of /candidature', () => {
  it('are read from the URL', () => {
    expect(readFilters(new URLSearchParams('offer_id=3&status=seen'))).toEqual({
      offerId: 3,
      status: 'seen',
      alboVerified: false,
    });
    expect(readFilters(new URLSearchParams('albo_verified=true'))).toEqual({ offerId: null, status: null, alboVerified: true });
    expect(readFilters(new URLSearchParams('albo_verified=1')).alboVerified).toBe(false);
    expect(readFilters(new URLSearchParams(''))).toEqual({ offerId: null, status: null, alboVerified: false });
  });

  it('ignore what is not an offer id or a status, instead of asking the API for it', () => {
    for (const query of ['offer_id=0', 'offer_id=-2', 'offer_id=1.5', 'offer_id=abc', 'offer_id=99999999999999999999'])
      expect(readFilters(new URLSearchParams(query)).offerId).toBeNull();
    for (const query of ['status=SENT', 'status=deleted', 'status='])
      expect(readFilters(new URLSearchParams(query)).status).toBeNull();
  });

  it('know every status of the contract, in its order', () => {
    expect(APPLICATION_STATUSES).toEqual([...CONTRACT_STATUSES]);
  });
});

import { describe, expect, it } from 'vitest';
import { offersPagePath } from '../features/offers/api/get-offers';
import { offersMapPath } from '../features/offers/api/get-offers-map';
import { FIRST_AREA } from '../features/offers/lib/map-area';
import { firstRequests } from './first-requests';

describe("a page's first requests, from its address", () => {
  it('on /cerca_offerte are the user, the page of the list and the first map area the page itself asks for', () => {
    expect(firstRequests('/cerca_offerte', '')).toEqual([
      '/api/user/details/',
      offersPagePath({}, 1),
      offersMapPath({}, FIRST_AREA),
    ]);
    expect(offersPagePath({}, 1)).toBe('/api/offers/?page=1&page_size=20');
    // The filters and the page as the page reads them: values the API would refuse are not sent.
    const [, list, map] = firstRequests('/cerca_offerte', '?near=Milano&radius_km=30&kind=nessuno&page=3');
    expect(list).toBe(offersPagePath({ near: 'Milano', radius_km: '30' }, 3));
    expect(list).toBe('/api/offers/?page=3&page_size=20&near=Milano&radius_km=30');
    expect(map).toBe(offersMapPath({ near: 'Milano', radius_km: '30' }, FIRST_AREA));
  });

  it('are none elsewhere', () => {
    expect(firstRequests('/', '')).toEqual([]);
    expect(firstRequests('/login', '?next=%2Fcerca_offerte')).toEqual([]);
    expect(firstRequests('/cerca_offerte_vecchie', '')).toEqual([]);
  });
});

import { ZOfferMapQuerySchema } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { FIRST_AREA, FIRST_BBOX, mapAreaQuery, WORLD_BBOX } from './map-area';
import { framingBounds, pointLabel, snapArea } from './map-points';

describe('the area the search map asks about', () => {
  it('grows the bounds to whole tiles, so a small pan asks the same question', () => {
    // Zoom 10: a tile is 360 / 1024 = 0.3515625 degrees wide.
    const milano = snapArea({ west: 9.05, south: 45.4, east: 9.3, north: 45.55 }, 10);
    expect(milano).toEqual({ bbox: '8.789063,45.351563,9.492188,45.703125', zoom: 10 });
    expect(snapArea({ west: 9.07, south: 45.41, east: 9.32, north: 45.56 }, 10)).toEqual(milano);
    expect(snapArea({ west: 9.4, south: 45.41, east: 9.65, north: 45.56 }, 10)).not.toEqual(milano);
  });

  it('stays within the world, and a view wider than it asks about all of it', () => {
    expect(snapArea({ west: -200, south: -89, east: 200, north: 89 }, 2).bbox).toBe('-180,-90,180,90');
    expect(snapArea({ west: 170, south: 10, east: 190, north: 20 }, 5).bbox).toBe('168.75,0,180,22.5');
    expect(snapArea({ west: 190, south: 10, east: 200, north: 20 }, 5).bbox).toBe(WORLD_BBOX);
  });

  it('asks with a whole zoom between 0 and 20', () => {
    expect(snapArea({ west: 9, south: 45, east: 9.01, north: 45.01 }, 22.4).zoom).toBe(20);
    expect(snapArea({ west: 9, south: 45, east: 10, north: 46 }, 7.6).zoom).toBe(8);
  });

  it("sends the search's filters without its sort, then the area", () => {
    const query = mapAreaQuery({ comune: 'Milano', min_pay: '18', sort: 'pay' }, FIRST_AREA);
    expect(query).toBe('comune=Milano&min_pay=18&bbox=-10%2C25%2C35%2C60&zoom=6');
    expect(new URLSearchParams(query).get('bbox')).toBe(FIRST_BBOX);
  });

  it('asks first about an area the server accepts, holding all of Italy', () => {
    const read = ZOfferMapQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(mapAreaQuery({}, FIRST_AREA))));
    expect(read.success).toBe(true);
    const [west, south, east, north] = FIRST_BBOX.split(',').map(Number);
    // Lampedusa (35.5 N, 12.6 E) to Vipiteno's north (47.1 N), Bardonecchia (6.7 E) to Otranto (18.5 E).
    expect(west).toBeLessThan(6.6);
    expect(south).toBeLessThan(35.4);
    expect(east).toBeGreaterThan(18.6);
    expect(north).toBeGreaterThan(47.2);
  });

  it('asks about a snapped view the server accepts, at any zoom', () => {
    for (const zoom of [3, 6, 9, 12, 15, 18]) {
      // A 1,200 × 900 px view around Milano.
      const half = (px: number) => (px / 2) * (360 / (256 * 2 ** zoom));
      const area = snapArea(
        { west: 9.19 - half(1200), south: 45.46 - half(900), east: 9.19 + half(1200), north: 45.46 + half(900) },
        zoom,
      );
      expect(ZOfferMapQuerySchema.safeParse({ bbox: area.bbox, zoom: String(area.zoom) }).success).toBe(true);
    }
  });
});

describe("a new search's frame", () => {
  const place = (lat: number, lng: number) => ({ lat, lng, count: 1, offer_ids: [1], label: 'Farmacia' });
  it('holds every place, and half a cell around each cluster', () => {
    expect(framingBounds([place(46.3, 9.4), place(46.1, 10.1)], 6)).toEqual({ west: 9.4, south: 46.1, east: 10.1, north: 46.3 });
    // Zoom 6: a 60-pixel cell is 60 × 360 / (256 × 64) ≈ 1.32 degrees; half of it each way.
    const cluster = framingBounds([{ lat: 45, lng: 9, count: 12, offer_ids: [], label: null }], 6);
    expect(cluster?.west).toBeCloseTo(9 - 0.659, 3);
    expect(cluster?.north).toBeCloseTo(45 + 0.659, 3);
  });

  it('is nothing when no offer has a position', () => {
    expect(framingBounds([], 6)).toBeNull();
  });
});

describe("a marker's name", () => {
  it('names a place after its pharmacy, with the count when it has several offers, and a cluster after its count', () => {
    expect(pointLabel({ count: 1, offer_ids: [4], label: 'Farmacia Colombo' })).toBe('Farmacia Colombo');
    expect(pointLabel({ count: 3, offer_ids: [4, 5, 6], label: 'Farmacia Colombo' })).toBe('Farmacia Colombo (3 offerte)');
    expect(pointLabel({ count: 17, offer_ids: [], label: null })).toBe('17 offerte: ingrandisci la mappa');
  });
});

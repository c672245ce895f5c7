import { describe, expect, it } from 'vitest';
import { offerMapPoints } from './offer-map-points';

const offer = (id: number, pharmacy: string, lat: number | null, title = `Turno ${id}`) => ({
  id,
  title,
  denominazione_farmacia: pharmacy,
  lat,
  lng: lat === null ? null : 9.19,
});

describe("the search map's markers", () => {
  it("puts one pharmacy's offers on one marker that lists them", () => {
    const { points, pointOf, offerCount } = offerMapPoints([
      offer(1, 'Farmacia Colombo', 45.46, 'Sabato mattina'),
      offer(2, 'Farmacia Verdi', 45.5),
      offer(3, 'Farmacia Colombo', 45.46, 'Notturno'),
      offer(4, 'Farmacia Senza Posto', null),
    ]);
    expect(points).toHaveLength(2);
    expect(points[0]).toMatchObject({
      label: 'Farmacia Colombo (2 offerte)',
      lines: ['Sabato mattina', 'Notturno'],
      offerIds: [1, 3],
    });
    expect(pointOf.get(3)).toBe(points[0]?.id);
    expect(pointOf.has(4)).toBe(false);
    expect(offerCount).toBe(3);
  });
});

/**
 * The markers of the search map: one per pharmacy (its offers share a position and a name), whose popup lists them.
 * `pointOf` finds the marker of an offer, so choosing a row lights its pharmacy's marker.
 */
import type { TOfferSearchResult } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import type { TMapPoint } from '../../../components/map/cluster-layer';

export interface TOfferMapPoint extends TMapPoint<string> {
  offerIds: number[];
}

export function offerMapPoints(
  offers: readonly Pick<TOfferSearchResult, 'id' | 'lat' | 'lng' | 'title' | 'denominazione_farmacia'>[],
) {
  const byPharmacy = new Map<string, TOfferMapPoint>();
  const pointOf = new Map<number, string>();
  let offerCount = 0;
  for (const offer of offers) {
    if (offer.lat === null || offer.lng === null) continue;
    offerCount++;
    const id = `${offer.lat},${offer.lng},${offer.denominazione_farmacia}`;
    let point = byPharmacy.get(id);
    if (!point) {
      point = { id, lat: offer.lat, lng: offer.lng, label: offer.denominazione_farmacia, lines: [], offerIds: [] };
      byPharmacy.set(id, point);
    }
    point.offerIds.push(offer.id);
    (point.lines as string[]).push(offer.title);
    pointOf.set(offer.id, id);
  }
  const points = [...byPharmacy.values()].map((point) =>
    point.offerIds.length > 1
      ? { ...point, label: `${point.label} (${UI_TEXT.offersAtPharmacy(point.offerIds.length)})` }
      : point,
  );
  return { points, pointOf, offerCount };
}

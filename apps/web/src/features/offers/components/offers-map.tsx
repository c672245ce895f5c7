/**
 * The map of /cerca_offerte (docs/product.md#search-offers): one pin per pharmacy listing its offers, the chosen one red, and the circle of a
 * 'vicino a' search. Its own chunk: Leaflet loads only here.
 */
import { MAP_DEFAULT } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { Circle, useMap } from 'react-leaflet';
import { BaseMap } from '../../../components/map/base-map';
import { ClusterLayer, type TMapPoint } from '../../../components/map/cluster-layer';

export interface TSearchCircle {
  lat: number;
  lng: number;
  radiusKm: number;
}

export interface TOffersMapProps {
  points: readonly TMapPoint<string>[];
  /** The search the points answer: a new one frames its offers (or its circle), a blank one goes back to all of Italy. */
  filter: string;
  circle: TSearchCircle | null;
  selectedId: string | null;
  onSelect: (pointId: string) => void;
}

export default function OffersMap({ points, filter, circle, selectedId, onSelect }: TOffersMapProps) {
  return (
    <BaseMap label={UI_TEXT.offersMapLabel} className="h-full w-full">
      {circle ? (
        <Circle
          center={[circle.lat, circle.lng]}
          radius={circle.radiusKm * 1000}
          interactive={false}
          pathOptions={{ color: '#047857', weight: 2, fillColor: '#10b981', fillOpacity: 0.08 }}
        />
      ) : null}
      <ClusterLayer points={points} selectedId={selectedId} onSelect={onSelect} clusterLabel={UI_TEXT.offersFound} />
      <FrameSearch points={points} filter={filter} circle={circle} />
    </BaseMap>
  );
}

/** What the map was last framed for: the filters and the search circle. */
const frameKey = (filter: string, circle: TSearchCircle | null) =>
  `${filter}|${circle ? `${circle.lat},${circle.lng},${circle.radiusKm}` : ''}`;

function FrameSearch({
  points,
  filter,
  circle,
}: {
  points: readonly TMapPoint<string>[];
  filter: string;
  circle: TSearchCircle | null;
}) {
  const map = useMap();
  // The map opens on MAP_DEFAULT, the frame of a search without filters: framing it there again when the page opened
  // re-clustered the markers being added, 30–60 ms of the page's longest task (bench/web.ts).
  const framed = useRef(frameKey('|', null));
  useEffect(() => {
    const key = frameKey(filter, circle);
    if (key === framed.current) return;
    if (circle) {
      framed.current = key;
      map.fitBounds(L.latLng(circle.lat, circle.lng).toBounds(circle.radiusKm * 2000), { padding: [16, 16] });
      return;
    }
    if (filter === '|') {
      framed.current = key;
      map.setView([MAP_DEFAULT.lat, MAP_DEFAULT.lng], MAP_DEFAULT.zoom);
      return;
    }
    if (!points.length) return;
    framed.current = key;
    const bounds = L.latLngBounds(points.map((point) => [point.lat, point.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: 12 });
  }, [filter, circle, points, map]);
  return null;
}

/** The map of /cerca_offerte (spec §2): one pin per offer with a position, the expanded one red. Its own chunk: Leaflet loads only here. */
import { MAP_DEFAULT } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { BaseMap } from '../../../components/map/base-map';
import { ClusterLayer, type TMapPoint } from '../../../components/map/cluster-layer';

export interface TOffersMapProps {
  points: readonly TMapPoint[];
  /** The comune filter the points answer: a new one frames its offers, a blank one goes back to all of Italy. */
  filter: string;
  selectedId: number | null;
  onSelect: (offerId: number) => void;
}

export default function OffersMap({ points, filter, selectedId, onSelect }: TOffersMapProps) {
  return (
    <BaseMap label={UI_TEXT.offersMapLabel} className="h-full w-full">
      <ClusterLayer points={points} selectedId={selectedId} onSelect={onSelect} clusterLabel={UI_TEXT.offersFound} />
      <FrameFilter points={points} filter={filter} />
    </BaseMap>
  );
}

function FrameFilter({ points, filter }: { points: readonly TMapPoint[]; filter: string }) {
  const map = useMap();
  const framed = useRef('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reframes when the filter changes, not when the data refreshes
  useEffect(() => {
    if (filter === framed.current) return;
    framed.current = filter;
    if (!filter) {
      map.setView([MAP_DEFAULT.lat, MAP_DEFAULT.lng], MAP_DEFAULT.zoom);
      return;
    }
    if (!points.length) return;
    const bounds = L.latLngBounds(points.map((point) => [point.lat, point.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: 12 });
  }, [filter, map]);
  return null;
}

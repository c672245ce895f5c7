/**
 * The pharmacists found, on the shared base map: one marker at the centre of each one's comune (never their address),
 * clustered where several share it. Loaded on its own (lazy) with Leaflet: only /cerca_farmacisti downloads it.
 */
import type { TAvailablePharmacist } from '@farmaponte/shared/availability';
import { AVAILABILITY_TEXT } from '@farmaponte/shared/ui-text-availability';
import { useEffect, useMemo } from 'react';
import { useMap } from 'react-leaflet';
import { BaseMap } from '../../../components/map/base-map';
import { ClusterLayer, type TMapPoint } from '../../../components/map/cluster-layer';

export default function AvailablePharmacistsMap({
  pharmacists,
  className,
}: {
  pharmacists: readonly TAvailablePharmacist[];
  className?: string;
}) {
  const points = useMemo(
    (): TMapPoint[] =>
      pharmacists.map((p) => ({
        id: p.pharmacist_id,
        lat: p.lat,
        lng: p.lng,
        label: `${p.name} ${p.surname}`,
        lines: [p.province ? `${p.comune} (${p.province})` : p.comune],
      })),
    [pharmacists],
  );
  return (
    <BaseMap label={AVAILABILITY_TEXT.mapLabel} className={`w-full rounded-xl ${className ?? ''}`}>
      <FitToPoints points={points} />
      <ClusterLayer points={points} clusterLabel={AVAILABILITY_TEXT.mapCount} />
    </BaseMap>
  );
}

/** The results in view: each new page or search frames its markers (one comune: a close view of it). */
function FitToPoints({ points }: { points: readonly TMapPoint[] }) {
  const map = useMap();
  useEffect(() => {
    if (!points.length) return;
    const lats = points.map((p) => p.lat);
    const lngs = points.map((p) => p.lng);
    map.fitBounds(
      [
        [Math.min(...lats), Math.min(...lngs)],
        [Math.max(...lats), Math.max(...lngs)],
      ],
      { padding: [32, 32], maxZoom: 11, animate: false },
    );
  }, [map, points]);
  return null;
}

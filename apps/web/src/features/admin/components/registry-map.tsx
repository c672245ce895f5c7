/**
 * The registry's pharmacies on the shared base map, clustered (≈ 20,000 markers added in chunks, so the page stays
 * responsive). Loaded on its own (lazy) with Leaflet: only /farmacie downloads it.
 */
import type { TPharmacyPoint } from '@farmaponte/shared';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { BaseMap } from '../../../components/map/base-map';
import { ClusterLayer, type TMapPoint } from '../../../components/map/cluster-layer';

export default function RegistryMap({ points, className }: { points: readonly TPharmacyPoint[]; className?: string }) {
  const mapPoints = useMemo(
    (): TMapPoint<string>[] => points.map(([id, lat, lng, name]) => ({ id, lat, lng, label: name })),
    [points],
  );
  return (
    <BaseMap label={ADMIN_TEXT.registryMapLabel} className={`w-full rounded-xl ${className ?? ''}`}>
      <FitToPoints points={points} />
      <ClusterLayer points={mapPoints} clusterLabel={ADMIN_TEXT.pharmaciesCount} />
    </BaseMap>
  );
}

/** The whole registry in view at first (the default zoom cuts the north or the islands off a short map); later refreshes keep the admin's view. */
function FitToPoints({ points }: { points: readonly TPharmacyPoint[] }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || points.length === 0) return;
    let [south, west, north, east] = [90, 180, -90, -180];
    for (const [, lat, lng] of points) {
      if (lat < south) south = lat;
      if (lat > north) north = lat;
      if (lng < west) west = lng;
      if (lng > east) east = lng;
    }
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      { padding: [16, 16], animate: false },
    );
    fitted.current = true;
  }, [map, points]);
  return null;
}

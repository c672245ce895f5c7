/**
 * A simplified outline of Italy's regions, drawn in a pane under the tiles: when the tiles load they cover it, when
 * they cannot (offline, blocked host) the map still shows Italy instead of a grey box. The data (a few KB, built by
 * scripts/build-italy-outline.mjs) is its own chunk, fetched only when a map is shown.
 */
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

const PANE = 'fp-outline';

export function ItalyOutline() {
  const map = useMap();
  useEffect(() => {
    let layer: L.GeoJSON | null = null;
    let cancelled = false;
    if (!map.getPane(PANE)) {
      const pane = map.createPane(PANE);
      pane.style.zIndex = '150'; // under the tile pane (200)
      pane.style.pointerEvents = 'none';
    }
    import('./italy-regions.json').then(({ default: regions }) => {
      if (cancelled) return;
      layer = L.geoJSON(regions as GeoJSON.FeatureCollection, {
        pane: PANE,
        interactive: false,
        style: { color: '#64748b', weight: 1, fillColor: '#f8fafc', fillOpacity: 1 },
      }).addTo(map);
    });
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [map]);
  return null;
}

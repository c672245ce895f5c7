/**
 * The map of Italy every map screen starts from: the tiles of TILE_URL (OpenStreetMap's by default, see tile-source.ts)
 * with their attribution over a regions' outline that shows Italy when no tile loads, centred on Italy (docs/product.md#search-offers). Markers or a ClusterLayer go inside as children.
 */
import 'leaflet/dist/leaflet.css';
import './map.css';
import { MAP_DEFAULT } from '@farmaponte/shared/limits';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { cn } from '../../lib/cn';
import './italian-leaflet';
import { ItalyOutline } from './italy-outline';
import { tileSource } from './tile-source';

interface TBaseMapProps {
  /** What the map shows, for screen readers (e.g. 'Mappa delle offerte'). */
  label: string;
  /** Size it here: the map fills this box (e.g. 'h-[45vh] w-full'). */
  className?: string;
  children?: ReactNode;
}

/** A Leaflet map of Italy (MAP_DEFAULT centre and zoom) with OSM tiles; its own stacking context keeps it under the header and dialogs. */
export function BaseMap({ label, className, children }: TBaseMapProps) {
  const [tiles] = useState(tileSource);
  return (
    <MapContainer
      center={[MAP_DEFAULT.lat, MAP_DEFAULT.lng]}
      zoom={MAP_DEFAULT.zoom}
      minZoom={3}
      worldCopyJump
      className={cn('isolate z-0', className)}
    >
      <MapLabel label={label} />
      <AfterTheMap>
        <ItalyOutline />
        {/* The page's own policy sends no Referer; OSM's tile policy wants the site's origin. */}
        <TileLayer
          url={tiles.url}
          attribution={tiles.attribution}
          maxZoom={19}
          referrerPolicy="strict-origin-when-cross-origin"
        />
        {children}
      </AfterTheMap>
    </MapContainer>
  );
}

/**
 * The map's layers, rendered in a task after Leaflet's map is made (decision 059): on a phone the map's start-up was
 * one long task (the map, the outline, the tiles and the markers in React's commit); the passive effect runs in a
 * task of its own and the transition lets React render the layers in slices.
 */
function AfterTheMap({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}

/** Leaflet makes the map focusable (arrow keys pan, +/- zoom): give it a role and a name. */
function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

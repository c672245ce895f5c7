/**
 * Thousands of markers on a BaseMap, clustered where they overlap (Leaflet.markercluster). Markers are plain
 * Leaflet objects kept between renders: a new `points` array only adds and removes the difference, so filtering
 * a list of 20,000 places stays fast. The selected marker is red and sits outside the clusters, so it stays visible.
 */
import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import './flat-markers';
import { blueMarkerIcon, clusterIcon, redMarkerIcon } from './marker-icons';

/** One place: `label` (plain text) is its popup, its tooltip and its name for screen readers. */
export interface TMapPoint<TId extends string | number = number> {
  id: TId;
  lat: number;
  lng: number;
  label: string;
  /** More plain-text lines under the label in the popup (e.g. the offers of one pharmacy). */
  lines?: readonly string[];
}

interface TClusterLayerProps<TId extends string | number> {
  points: readonly TMapPoint<TId>[];
  /** The point shown red, outside the clusters, with its popup open; null for none. */
  selectedId?: TId | null;
  /** Called when a marker is clicked, or activated with Enter or Space. */
  onSelect?: (id: TId) => void;
  /** The accessible name of a cluster of `count` points (e.g. '12 offerte'). */
  clusterLabel?: (count: number) => string;
}

interface TEntry<TId extends string | number> {
  point: TMapPoint<TId>;
  marker: L.Marker;
}

interface TLayerState<TId extends string | number> {
  group: L.MarkerClusterGroup;
  entries: Map<TId, TEntry<TId>>;
  /** Ids whose markers are in the cluster group now. */
  clustered: Set<TId>;
  /** The red marker, on the map outside the group. */
  selected: TId | null;
  /** A chunked addLayers is still running: the next sync waits for it (markercluster cannot cancel one). */
  adding: boolean;
  pending: boolean;
}

function popupContent(label: string, lines: readonly string[] = []): HTMLElement {
  const title = document.createElement('strong');
  title.textContent = label; // text, never HTML: labels come from users
  if (!lines.length) return title;
  const list = document.createElement('ul');
  list.className = 'fp-popup-list';
  for (const line of lines) {
    const item = document.createElement('li');
    item.textContent = line;
    list.append(item);
  }
  const wrapper = document.createElement('div');
  wrapper.append(title, list);
  return wrapper;
}

/** Clustered markers for `points`; the one with `selectedId` is red and unclustered. Use inside a BaseMap. */
export function ClusterLayer<TId extends string | number>({
  points,
  selectedId = null,
  onSelect,
  clusterLabel = String,
}: TClusterLayerProps<TId>) {
  const map = useMap();
  const stateRef = useRef<TLayerState<TId> | null>(null);
  const syncRef = useRef<(() => void) | null>(null);
  const latest = useRef({ points, selectedId, onSelect, clusterLabel });
  useLayoutEffect(() => {
    latest.current = { points, selectedId, onSelect, clusterLabel };
  });

  useEffect(() => {
    const sync = () => {
      const state = stateRef.current;
      if (!state) return;
      if (state.adding) {
        state.pending = true;
        return;
      }
      const { points: wanted, selectedId: wantedSelected } = latest.current;
      const { group, entries, clustered } = state;

      const visible = new Map<TId, TEntry<TId>>();
      for (const point of wanted) {
        let entry = entries.get(point.id);
        const moved =
          entry &&
          (entry.point.lat !== point.lat ||
            entry.point.lng !== point.lng ||
            entry.point.label !== point.label ||
            entry.point.lines?.join('\n') !== point.lines?.join('\n'));
        if (entry && moved) {
          if (clustered.delete(point.id)) group.removeLayer(entry.marker);
          if (state.selected === point.id) {
            entry.marker.remove();
            state.selected = null;
          }
          entries.delete(point.id);
          entry = undefined;
        }
        if (!entry) {
          const marker = L.marker([point.lat, point.lng], {
            icon: blueMarkerIcon,
            title: point.label,
            alt: point.label,
            riseOnHover: true,
          });
          marker.bindPopup(() => popupContent(point.label, point.lines), { autoPanPadding: L.point(24, 24) });
          marker.on('click', () => latest.current.onSelect?.(point.id));
          // Leaflet's markers are focusable buttons, but Enter only opens their popup: make it select, like a click.
          marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
            if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') {
              event.originalEvent.preventDefault();
              latest.current.onSelect?.(point.id);
            }
          });
          entry = { point, marker };
          entries.set(point.id, entry);
        }
        visible.set(point.id, entry);
      }
      const selected = wantedSelected !== null && visible.has(wantedSelected) ? wantedSelected : null;

      // The red marker goes back to blue (and into the clusters below) when the selection changes.
      if (state.selected !== null && state.selected !== selected) {
        const previous = entries.get(state.selected);
        if (previous) {
          previous.marker.remove();
          previous.marker.setIcon(blueMarkerIcon).setZIndexOffset(0);
        }
        state.selected = null;
      }

      const leaving = [...clustered].filter((id) => id === selected || !visible.has(id));
      if (leaving.length > clustered.size / 2) {
        // Removing most markers one by one is slower than starting again.
        group.clearLayers();
        clustered.clear();
      } else if (leaving.length) {
        group.removeLayers(leaving.map((id) => entries.get(id)?.marker).filter((m): m is L.Marker => Boolean(m)));
        for (const id of leaving) clustered.delete(id);
      }
      const arriving: L.Marker[] = [];
      for (const [id, entry] of visible) {
        if (id === selected || clustered.has(id)) continue;
        clustered.add(id);
        arriving.push(entry.marker);
      }
      if (arriving.length) {
        state.adding = true;
        group.addLayers(arriving); // chunkProgress below clears `adding`, synchronously when it fits one chunk
      }

      if (selected !== null && state.selected !== selected) {
        const entry = visible.get(selected);
        if (entry) {
          entry.marker.setIcon(redMarkerIcon).setZIndexOffset(1000).addTo(map);
          entry.marker.openPopup();
          state.selected = selected;
        }
      }
    };

    const group = L.markerClusterGroup({
      chunkedLoading: true,
      // Thousands of markers are added in slices of 50 ms, so the page answers in between (no long task, decision 031).
      chunkInterval: 50,
      showCoverageOnHover: false,
      spiderfyOnMaxZoom: true,
      maxClusterRadius: 60,
      iconCreateFunction: (cluster) => {
        const count = cluster.getChildCount();
        return clusterIcon(count, latest.current.clusterLabel(count));
      },
      chunkProgress: (processed, total) => {
        const state = stateRef.current;
        if (!state || processed < total) return;
        state.adding = false;
        if (state.pending) {
          state.pending = false;
          // After markercluster has finished this batch (it still refreshes the clusters after reporting).
          setTimeout(sync, 0);
        }
      },
    });
    group.addTo(map);
    stateRef.current = { group, entries: new Map(), clustered: new Set(), selected: null, adding: false, pending: false };
    syncRef.current = sync;
    sync();

    return () => {
      const state = stateRef.current;
      stateRef.current = null;
      syncRef.current = null;
      if (!state) return;
      if (state.selected !== null) state.entries.get(state.selected)?.marker.remove();
      group.clearLayers();
      group.remove();
    };
  }, [map]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the sync reads the latest props from a ref
  useEffect(() => {
    syncRef.current?.();
  }, [points, selectedId]);

  return null;
}

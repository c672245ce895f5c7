/**
 * The map of /cerca_offerte (docs/product.md#search-offers) with the server's clusters and places for the area shown
 * (decision 037): a cluster shows its count and zooms in when chosen; a place (one pharmacy's position) shows that
 * pharmacy's offers in the list; the offer open in the list is a red pin with its popup, never hidden in a cluster; a
 * 'vicino a' search draws its circle. When the map stops moving it reports the area it shows, and the page asks the
 * server about it. Its own chunk: Leaflet loads only here (no markercluster: the server groups the offers).
 */
import { MAP_DEFAULT } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { SEARCH_TEXT } from '@farmaponte/shared/ui-text-search';
import L from 'leaflet';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Circle, useMap } from 'react-leaflet';
import { BaseMap } from '../../../components/map/base-map';
import '../../../components/map/flat-markers';
import { blueMarkerIcon, clusterIcon, redMarkerIcon } from '../../../components/map/marker-icons';
import type { TAnsweredMap, TOfferMapPoint } from '../api/get-offers-map';
import { FIRST_BBOX, type TMapArea } from '../lib/map-area';
import { framingBounds, isPlace, pointLabel, samePosition, snapArea } from '../lib/map-points';

export interface TSearchCircle {
  lat: number;
  lng: number;
  radiusKm: number;
}

/** The place of the offer open in the list: a red pin whose popup names the pharmacy and its offers. */
export interface TSelectedPlace {
  lat: number;
  lng: number;
  label: string;
  lines: readonly string[];
}

export interface TOffersMapProps {
  /** The server's answer on screen (the previous one while the next loads). */
  answer: TAnsweredMap | undefined;
  /** The search on screen (filters without the sort): a new one frames its offers, a blank one all of Italy. */
  search: string;
  circle: TSearchCircle | null;
  selected: TSelectedPlace | null;
  /** The map stopped on a new area (after a pan, a zoom, a framing). */
  onView: (area: TMapArea) => void;
  /** A place's marker was chosen: the page lists its offers. */
  onPlace: (point: TOfferMapPoint) => void;
  /** 'Vedi nell'elenco' in the red pin's popup (on a phone the list is below the map). */
  onShowInList: () => void;
}

/** The map asks again this long after it stopped moving (a drag or a zoom is several moves). */
const VIEW_DELAY_MS = 250;

export default function OffersMap({ answer, search, circle, selected, onView, onPlace, onShowInList }: TOffersMapProps) {
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
      <OfferMarkers points={answer?.points ?? NO_POINTS} selected={selected} onPlace={onPlace} onShowInList={onShowInList} />
      <FrameSearch answer={answer} search={search} circle={circle} />
      <ReportView onView={onView} />
    </BaseMap>
  );
}

const NO_POINTS: readonly TOfferMapPoint[] = [];

/** The red pin's popup: the pharmacy (plain text, never HTML: names come from users), its offers, the way to them. */
function popupContent(place: TSelectedPlace, onShowInList: () => void): HTMLElement {
  const title = document.createElement('strong');
  title.textContent = place.label;
  const wrapper = document.createElement('div');
  wrapper.append(title);
  if (place.lines.length) {
    const list = document.createElement('ul');
    list.className = 'fp-popup-list';
    for (const line of place.lines) {
      const item = document.createElement('li');
      item.textContent = line;
      list.append(item);
    }
    wrapper.append(list);
  }
  const show = document.createElement('button');
  show.type = 'button';
  show.className = 'fp-popup-action';
  show.textContent = SEARCH_TEXT.mapShowInList;
  show.addEventListener('click', onShowInList);
  wrapper.append(show);
  return wrapper;
}

/** Leaflet's markers are focusable buttons; Enter and Space choose them, like a click. */
function onActivate(marker: L.Marker, action: () => void): L.Marker {
  marker.on('click', action);
  marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
    if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') {
      event.originalEvent.preventDefault();
      action();
    }
  });
  return marker;
}

/** Markers added to the map per animation frame. */
const MARKERS_PER_FRAME = 25;

/** What a point's marker shows: a marker is rebuilt only when this changes. */
const pointKey = (point: TOfferMapPoint) =>
  `${point.lat},${point.lng}|${point.count}|${point.label}|${point.offer_ids.join(',')}|${point.expansion_zoom}`;

/**
 * The server's points as plain Leaflet markers, kept between answers: a new answer adds and removes only the
 * difference (a few hundred markers at most, so no clustering library). The selected place is drawn red on its own.
 */
function OfferMarkers({
  points,
  selected,
  onPlace,
  onShowInList,
}: {
  points: readonly TOfferMapPoint[];
  selected: TSelectedPlace | null;
  onPlace: (point: TOfferMapPoint) => void;
  onShowInList: () => void;
}) {
  const map = useMap();
  const latest = useRef({ onPlace, onShowInList });
  useLayoutEffect(() => {
    latest.current = { onPlace, onShowInList };
  });
  const layer = useRef<{ group: L.LayerGroup; markers: Map<string, { key: string; marker: L.Marker }> } | null>(null);

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    layer.current = { group, markers: new Map() };
    return () => {
      layer.current = null;
      group.remove();
    };
  }, [map]);

  useEffect(() => {
    const current = layer.current;
    if (!current) return;
    const { group, markers } = current;
    const wanted = new Set<string>();
    const toAdd: { id: string; marker: L.Marker }[] = [];
    for (const point of points) {
      // The red pin stands for this place.
      if (selected && isPlace(point) && samePosition(point, selected)) continue;
      wanted.add(point.id);
      const key = pointKey(point);
      const existing = markers.get(point.id);
      if (existing?.key === key) continue;
      if (existing) group.removeLayer(existing.marker);
      const label = pointLabel(point);
      const marker = isPlace(point)
        ? onActivate(
            L.marker([point.lat, point.lng], { icon: blueMarkerIcon, title: label, alt: label, riseOnHover: true }),
            () => latest.current.onPlace(point),
          )
        : onActivate(L.marker([point.lat, point.lng], { icon: clusterIcon(point.count, label), title: label }), () =>
            map.setView([point.lat, point.lng], Math.min(point.expansion_zoom ?? map.getZoom() + 2, map.getMaxZoom())),
          );
      markers.set(point.id, { key, marker });
      toAdd.push({ id: point.id, marker });
    }
    for (const [id, entry] of markers) {
      if (wanted.has(id)) continue;
      group.removeLayer(entry.marker);
      markers.delete(id);
    }
    // The new markers go on the map a frame's worth at a time: a hundred of them at once kept a phone's main thread
    // busy for a quarter of a second (docs/performance.md). Those not yet shown when the points change again are
    // forgotten, so the next answer adds them afresh.
    let frame = 0;
    const addSome = () => {
      for (const { marker } of toAdd.splice(0, MARKERS_PER_FRAME)) group.addLayer(marker);
      if (toAdd.length > 0) frame = requestAnimationFrame(addSome);
    };
    addSome();
    return () => {
      cancelAnimationFrame(frame);
      for (const { id } of toAdd) markers.delete(id);
    };
  }, [points, selected, map]);

  useEffect(() => {
    if (!selected) return;
    const marker = L.marker([selected.lat, selected.lng], {
      icon: redMarkerIcon,
      title: selected.label,
      alt: selected.label,
      zIndexOffset: 1000,
    });
    marker.bindPopup(() => popupContent(selected, () => latest.current.onShowInList()), { autoPanPadding: L.point(24, 24) });
    marker.addTo(map).openPopup();
    return () => {
      marker.remove();
    };
  }, [selected, map]);

  return null;
}

/** What the map was last framed for: the search and its circle. */
const frameKey = (search: string, circle: TSearchCircle | null) =>
  `${search}|${circle ? `${circle.lat},${circle.lng},${circle.radiusKm}` : ''}`;

/**
 * A new search moves the map to its offers: the circle of a 'vicino a' search, all of Italy for no search, else every
 * point of the search's first answer (all of Italy at the opening zoom), at most to a town's zoom.
 */
function FrameSearch({
  answer,
  search,
  circle,
}: {
  answer: TAnsweredMap | undefined;
  search: string;
  circle: TSearchCircle | null;
}) {
  const map = useMap();
  // The map opens on MAP_DEFAULT, the frame of a search without filters.
  const framed = useRef(frameKey('', null));
  useEffect(() => {
    const key = frameKey(search, circle);
    if (key === framed.current) return;
    if (circle) {
      framed.current = key;
      map.fitBounds(L.latLng(circle.lat, circle.lng).toBounds(circle.radiusKm * 2000), { padding: [16, 16] });
      return;
    }
    if (!search) {
      framed.current = key;
      map.setView([MAP_DEFAULT.lat, MAP_DEFAULT.lng], MAP_DEFAULT.zoom);
      return;
    }
    if (!answer || answer.search !== search || answer.area.bbox !== FIRST_BBOX) return;
    framed.current = key;
    const bounds = framingBounds(answer.points, answer.area.zoom);
    if (!bounds) return;
    map.fitBounds(
      [
        [bounds.south, bounds.west],
        [bounds.north, bounds.east],
      ],
      { padding: [48, 48], maxZoom: 12 },
    );
  }, [answer, search, circle, map]);
  return null;
}

/** The area shown, once the map has stopped moving. */
function ReportView({ onView }: { onView: (area: TMapArea) => void }) {
  const map = useMap();
  const latest = useRef(onView);
  useLayoutEffect(() => {
    latest.current = onView;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const bounds = map.getBounds();
        latest.current(
          snapArea(
            { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
            map.getZoom(),
          ),
        );
      }, VIEW_DELAY_MS);
    };
    map.on('moveend', report);
    return () => {
      clearTimeout(timer);
      map.off('moveend', report);
    };
  }, [map]);
  return null;
}

/**
 * Markers without a compositing layer each (decision 031). Leaflet places every marker icon (and markercluster's
 * cluster icons) with `translate3d`, and Chromium gives each 3D-transformed element its own compositing layer: about
 * 30 on /cerca_offerte, which the browser re-layerises and commits in every frame that paints anything, e.g. every
 * frame of the list scrolling beside the map. A 2D `translate` places them the same way inside the marker pane's one
 * layer; the panes themselves keep Leaflet's 3D transforms, so panning and zooming still move whole layers.
 * Importing this module patches L.Marker once, for every map.
 *
 * `_setPos`, `_icon` and `_shadow` are Leaflet internals: no public method places a marker (its zoom animation and
 * markercluster call `_setPos` directly). So leaflet is pinned to an exact version in apps/web/package.json, and
 * e2e/search-pages-and-map.spec.ts asserts the markers' 2D transforms: an upgrade that moves them fails there
 * (docs/decisions/085).
 */
import L from 'leaflet';

/** The parts of a marker Leaflet keeps private: where its icon and shadow elements are. */
interface TPlacedMarker {
  _icon?: HTMLElement | null;
  _shadow?: HTMLElement | null;
}
type TSetPos = (this: TPlacedMarker, pos: L.Point) => void;
const proto = L.Marker.prototype as unknown as { _setPos: TSetPos };
const leafletSetPos = proto._setPos;

proto._setPos = function setPos(pos) {
  leafletSetPos.call(this, pos);
  const transform = `translate(${pos.x}px, ${pos.y}px)`;
  if (this._icon) this._icon.style.transform = transform;
  if (this._shadow) this._shadow.style.transform = transform;
};

/**
 * Leaflet's own words in Italian (MAP_TEXT): the zoom buttons' names ('Zoom in', 'Zoom out'), the title of its link in
 * the attribution, a marker's name when none is given ('Marker') and the popup's close button ('Close popup'), which no
 * option names. Importing this module changes Leaflet's defaults once, for every map.
 */
import { MAP_TEXT } from '@farmaponte/shared/ui-text-map';
import L from 'leaflet';

L.Control.Zoom.mergeOptions({ zoomInTitle: MAP_TEXT.zoomIn, zoomOutTitle: MAP_TEXT.zoomOut });
L.Marker.mergeOptions({ alt: MAP_TEXT.marker });

// The attribution's prefix is the link to Leaflet (its flag and name): the same, with an Italian title.
const { prefix } = L.Control.Attribution.prototype.options;
if (typeof prefix === 'string')
  L.Control.Attribution.mergeOptions({ prefix: prefix.replace(/ title="[^"]*"/, ` title="${MAP_TEXT.leafletTitle}"`) });

/** The popup's parts Leaflet keeps private: its layout, made when it first opens, and its close button. */
interface TPopupLayout {
  _closeButton?: HTMLElement;
}
type TInitLayout = (this: TPopupLayout) => void;
const popup = L.Popup.prototype as unknown as { _initLayout: TInitLayout };
const leafletInitLayout = popup._initLayout;

popup._initLayout = function initLayout() {
  leafletInitLayout.call(this);
  this._closeButton?.setAttribute('aria-label', MAP_TEXT.closePopup);
};

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

// The popup's close button, which no option names: labelled each time the popup is added to a map (its layout is made
// by then), found by the class Leaflet's stylesheet styles it with. Public API only (docs/decisions/085).
L.Popup.addInitHook(function labelCloseButton(this: L.Popup) {
  this.on('add', () =>
    this.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', MAP_TEXT.closePopup),
  );
});

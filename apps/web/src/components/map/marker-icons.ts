/**
 * Marker images bundled with the app (no third-party image hosts: nothing leaves the machine). Importing this module also fixes
 * Leaflet's default icon, whose image folder Leaflet guesses from its CSS and a bundler's hashed names defeat.
 */
import L from 'leaflet';
import defaultIconUrl from 'leaflet/dist/images/marker-icon.png';
import defaultIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import blueUrl from './marker-blue.svg';
import redUrl from './marker-red.svg';

L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconUrl: defaultIconUrl, iconRetinaUrl: defaultIconRetinaUrl, shadowUrl });

/** The pin of an ordinary place: blue, the size of Leaflet's default marker. */
export const blueMarkerIcon = L.icon({
  iconUrl: blueUrl,
  iconSize: [25, 41],
  iconAnchor: [12.5, 41],
  popupAnchor: [0, -35],
  tooltipAnchor: [12, -28],
  shadowUrl,
  shadowSize: [41, 41],
  shadowAnchor: [12.5, 41],
});

/** The pin of the selected place: red and a little larger, so it stands out among the blue ones. */
export const redMarkerIcon = L.icon({
  iconUrl: redUrl,
  iconSize: [31, 51],
  iconAnchor: [15.5, 51],
  popupAnchor: [0, -44],
  tooltipAnchor: [15, -35],
  shadowUrl,
  shadowSize: [51, 51],
  shadowAnchor: [15.5, 51],
});

/** A group of places: a bubble with its count (seen), and its label for screen readers; grows with the count. */
export function clusterIcon(count: number, label: string): L.DivIcon {
  const size = count < 10 ? 36 : count < 100 ? 42 : count < 1000 ? 48 : 56;
  const html = document.createElement('span');
  html.textContent = String(count);
  html.setAttribute('aria-hidden', 'true');
  const name = document.createElement('span');
  name.className = 'fp-sr-only';
  name.textContent = label;
  const wrapper = document.createElement('div');
  wrapper.append(html, name);
  return L.divIcon({ html: wrapper.innerHTML, className: 'fp-cluster', iconSize: L.point(size, size) });
}

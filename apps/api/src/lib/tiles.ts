/**
 * The map's tile source (decision 028): TILE_URL (a Leaflet template, https://…/{z}/{x}/{y}.png) and its attribution.
 * The server writes both into the page it serves (`<meta name="fp-tile-url">`, read by the web's tile-source.ts) and
 * lets the browser fetch images from that host (CSP img-src); without TILE_URL, OpenStreetMap's standard tiles.
 */
import { escapeHtml } from './html';

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Why a TILE_URL cannot be used, or undefined when it can. */
export function tileUrlProblem(template: string): string | undefined {
  const placeholders = ['{z}', '{x}', '{y}'];
  if (!placeholders.every((p) => template.includes(p))) return 'TILE_URL must contain {z}, {x} and {y}';
  try {
    const url = new URL(template.replace(/\{[a-z]+\}/gi, 'a'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'TILE_URL must be an http(s) address';
  } catch {
    return 'TILE_URL must be an http(s) address, like https://tile.openstreetmap.org/{z}/{x}/{y}.png';
  }
  return undefined;
}

/** The CSP img-src sources for a tile template: its origin, or every subdomain when the host is templated ({s}.…). */
export function tileImageSources(template: string): string[] {
  const url = new URL(template.replace(/\{[a-z]+\}/gi, 'a'));
  const hostTemplate = template.split('/')[2] ?? '';
  if (/\{[a-z]+\}/i.test(hostTemplate)) {
    const parent = url.host.split('.').slice(1).join('.');
    return [`${url.protocol}//*.${parent}`];
  }
  return [url.origin];
}

/** The page with the tile source in its head; unchanged without TILE_URL (the web falls back to OpenStreetMap). */
export function withTileSource(indexHtml: string, tileUrl: string | undefined, attribution: string | undefined): string {
  if (!tileUrl) return indexHtml;
  const tags =
    `<meta name="fp-tile-url" content="${escapeHtml(tileUrl)}">` +
    (attribution ? `<meta name="fp-tile-attribution" content="${escapeHtml(attribution)}">` : '');
  return indexHtml.includes('</head>') ? indexHtml.replace('</head>', `${tags}</head>`) : `${tags}${indexHtml}`;
}

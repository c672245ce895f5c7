/**
 * Where the map's tiles come from: the server's TILE_URL, which it writes into the page as
 * `<meta name="fp-tile-url" content="https://…/{z}/{x}/{y}.png">` (and `fp-tile-attribution`, HTML). Without them,
 * OpenStreetMap's standard tiles with their attribution. Read from the page, so no request waits for it.
 */

/** OpenStreetMap's standard tiles. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The attribution OpenStreetMap's licence asks for. */
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || null;

export function tileSource(): { url: string; attribution: string } {
  const url = meta('fp-tile-url');
  if (!url) return { url: OSM_TILE_URL, attribution: OSM_ATTRIBUTION };
  return { url, attribution: meta('fp-tile-attribution') ?? '' };
}

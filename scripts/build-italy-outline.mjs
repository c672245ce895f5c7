/**
 * Builds apps/web/src/components/map/italy-regions.json: a simplified outline of Italy's 20 regions, drawn under the
 * map tiles so the map still shows Italy when no tile loads. Each region is the convex hull of its comuni's
 * coordinates (the ISTAT list of comuni with coordinates, comuni_geocoded.csv: MIT and CC BY 3.0 IT, see NOTICE.md), one hull
 * per group of comuni within GAP_KM of each other, so islands (Elba, Ischia) get their own and a lone island comune
 * (Lampedusa) does not stretch its region across the sea.
 *
 * Usage: node scripts/build-italy-outline.mjs [path/to/comuni_geocoded.csv]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Without an argument: the copy the team keeps beside the repository (a source for this build, never read at run time).
const source = process.argv[2] ?? resolve(root, '..', 'shared', 'data', 'comuni_geocoded.csv');
const target = resolve(root, 'apps/web/src/components/map/italy-regions.json');
const GAP_KM = 22;
/** Coordinates kept to 3 decimals (about 100 m): plenty for an outline, and a small file. */
const round = (value) => Math.round(value * 1000) / 1000;

const [header, ...lines] = readFileSync(source, 'utf8').trim().split(/\r?\n/);
const columns = header.split(';');
const at = (name) => columns.indexOf(name);
const [regionColumn, latColumn, lngColumn] = [at('nomeRegione'), at('latitudine'), at('longitudine')];

/** @type {Map<string, [number, number][]>} region → [lng, lat] */
const regions = new Map();
for (const line of lines) {
  const cells = line.split(';');
  const lat = Number(cells[latColumn]);
  const lng = Number(cells[lngColumn]);
  // Italy's box: anything outside is a geocoding error.
  if (!(lat > 35 && lat < 47.2 && lng > 6.5 && lng < 18.6)) continue;
  const region = cells[regionColumn];
  if (!regions.has(region)) regions.set(region, []);
  regions.get(region).push([lng, lat]);
}

const kmBetween = ([lng1, lat1], [lng2, lat2]) => {
  const x = (lng2 - lng1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180)) * 111.32;
  const y = (lat2 - lat1) * 110.57;
  return Math.hypot(x, y);
};

/** Groups of points each within GAP_KM of another of its group (single linkage). */
function groups(points) {
  const seen = new Array(points.length).fill(false);
  const result = [];
  for (let start = 0; start < points.length; start++) {
    if (seen[start]) continue;
    seen[start] = true;
    const group = [points[start]];
    for (let i = 0; i < group.length; i++) {
      for (let j = 0; j < points.length; j++) {
        if (!seen[j] && kmBetween(group[i], points[j]) <= GAP_KM) {
          seen[j] = true;
          group.push(points[j]);
        }
      }
    }
    result.push(group);
  }
  return result;
}

/** Andrew's monotone chain: the hull, counter-clockwise, closed (first point repeated). */
function convexHull(points) {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const hull = [];
    for (const point of list) {
      while (hull.length >= 2 && cross(hull[hull.length - 2], hull[hull.length - 1], point) <= 0) hull.pop();
      hull.push(point);
    }
    hull.pop();
    return hull;
  };
  const hull = [...half(sorted), ...half([...sorted].reverse())];
  return [...hull, hull[0]].map(([lng, lat]) => [round(lng), round(lat)]);
}

const features = [...regions]
  .sort(([a], [b]) => a.localeCompare(b, 'it'))
  .map(([name, points]) => ({
    type: 'Feature',
    properties: { name },
    geometry: {
      type: 'MultiPolygon',
      coordinates: groups(points)
        .filter((group) => group.length >= 3)
        .map((group) => [convexHull(group)]),
    },
  }));

writeFileSync(target, `${JSON.stringify({ type: 'FeatureCollection', features })}\n`);
console.log(`${target}: ${features.length} regions, ${readFileSync(target).length} bytes`);

/** Italian regions and provinces, built in (decision 010); comuni come from GET /api/geo/comuni/. */
import { REGIONS } from './places-data';

export { REGIONS };
export type TRegionName = (typeof REGIONS)[number]['name'];

export const REGION_NAMES: readonly string[] = REGIONS.map((r) => r.name);

export function provincesOf(regionName: string): readonly { sigla: string; name: string }[] {
  return REGIONS.find((r) => r.name === regionName)?.provinces ?? [];
}

/** Suggestions whose name contains the typed text, case- and accent-insensitive, best (prefix) first. */
export function suggest<T>(items: readonly T[], text: string, nameOf: (item: T) => string, limit: number): T[] {
  const needle = normalize(text);
  if (!needle) return items.slice(0, limit);
  const starts: T[] = [];
  const contains: T[] = [];
  for (const item of items) {
    const name = normalize(nameOf(item));
    if (name.startsWith(needle)) starts.push(item);
    else if (name.includes(needle)) contains.push(item);
  }
  return [...starts, ...contains].slice(0, limit);
}

export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Little words that older systems write or leave out ("Monza e della Brianza", "Reggio nell'Emilia", "L'Aquila"). */
const PLACE_FILLER_WORDS = new Set(['e', 'ed', 'di', 'del', 'della', 'dell', 'nell', 'nella', 'd', 'l']);

/** A place name reduced to what tells it apart: no accents, case, punctuation or filler words. */
export function placeKey(text: string): string {
  return normalize(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word && !PLACE_FILLER_WORDS.has(word))
    .join(' ');
}

/** Short or older names still in use for a province (the official ones are in places-data). */
const PROVINCE_ALIASES: Record<string, string> = { aosta: 'AO', monza: 'MB', bozen: 'BZ', verbania: 'VB', pesaro: 'PU' };

/** Every key a province or region answers to: its name, each part of a bilingual name ("Bolzano/Bozen"). */
const keysOf = (name: string) => [placeKey(name), ...name.split('/').map(placeKey)];

const PROVINCE_BY_KEY = new Map<string, string>();
const REGION_BY_KEY = new Map<string, string>();
for (const region of REGIONS) {
  for (const key of keysOf(region.name)) REGION_BY_KEY.set(key, region.name);
  for (const province of region.provinces) for (const key of keysOf(province.name)) PROVINCE_BY_KEY.set(key, province.sigla);
}
for (const [alias, sigla] of Object.entries(PROVINCE_ALIASES)) PROVINCE_BY_KEY.set(alias, sigla);
const SIGLE: ReadonlySet<string> = new Set(REGIONS.flatMap((r) => r.provinces.map((p) => p.sigla)));

/**
 * Every province of Italy (the albo's Ordini are one per province), by name: Italian alphabetical order, compared on
 * the names without accents or case rather than with `localeCompare(…, 'it')`, whose collator's data took ≈ 90 ms to
 * load on a slow phone while the search page's code was read (decision 077). A test checks the two orders agree.
 */
export const ALL_PROVINCES: readonly { sigla: string; name: string }[] = REGIONS.flatMap(
  (r): readonly { sigla: string; name: string }[] => r.provinces,
)
  .map((province) => ({ province, key: normalize(province.name) }))
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  .map(({ province }) => province);

/** Whether this is the sigla of a province ("MI"), as stored. */
export function isProvinceSigla(text: string): boolean {
  return SIGLE.has(text);
}

/** A province given by sigla ("mi") or by name ("Milano", "Monza e Brianza", "Forli-Cesena") as its sigla, or undefined. */
export function provinceSigla(text: string): string | undefined {
  const trimmed = text.trim().toUpperCase();
  if (SIGLE.has(trimmed)) return trimmed;
  return lookUp(PROVINCE_BY_KEY, text);
}

/** A region's official name from any spelling ("emilia romagna", "Valle d'Aosta/Vallée d'Aoste"), or undefined. */
export function regionName(text: string): string | undefined {
  return lookUp(REGION_BY_KEY, text);
}

/** The whole text, then each part of a bilingual one ("Trentino-Alto Adige/Südtirol"). */
function lookUp(byKey: ReadonlyMap<string, string>, text: string): string | undefined {
  for (const key of keysOf(text)) {
    const found = byKey.get(key);
    if (found) return found;
  }
  return undefined;
}

/** The region a province (by sigla) belongs to, or ''. */
export function regionOfProvince(sigla: string): string {
  return REGIONS.find((r) => r.provinces.some((p) => p.sigla === sigla))?.name ?? '';
}

/** Italian regions and provinces, built in (spec §3); comuni come from GET /api/geo/comuni/. */
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

/** The region a province (by sigla) belongs to, or ''. */
export function regionOfProvince(sigla: string): string {
  return REGIONS.find((r) => r.provinces.some((p) => p.sigla === sigla))?.name ?? '';
}

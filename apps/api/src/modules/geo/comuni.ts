/** The comuni of Italy from the project's built-in data file (scripts/build-comuni.mjs derives it; see NOTICE.md). */
import { readFileSync } from 'node:fs';
import { ALL_PROVINCES, normalize, type TComune } from '@farmaponte/shared';
import { apiPath } from '../../lib/api-root';

type TRow = [istat: string, nome: string, sigla: string, caps: string, lat: number, lng: number];

let cache: { all: TComune[]; byName: Map<string, TComune[]>; byIstat: Map<string, TComune> } | undefined;

function load() {
  if (cache) return cache;
  const rows = JSON.parse(readFileSync(apiPath('src/modules/geo/comuni.json'), 'utf8')) as TRow[];
  const all = rows.map(([istat, nome, sigla, cap, lat, lng]) => ({ istat, nome, sigla, cap, lat, lng }));
  const byName = new Map<string, TComune[]>();
  for (const c of all) {
    const key = normalize(c.nome);
    byName.set(key, [...(byName.get(key) ?? []), c]);
  }
  cache = { all, byName, byIstat: new Map(all.map((c) => [c.istat, c])) };
  return cache;
}

export function allComuni(): readonly TComune[] {
  return load().all;
}

/** Comuni of a province (or all), whose name contains q; prefix matches first. */
export function searchComuni(query: { provincia?: string; q?: string }, limit: number): TComune[] {
  const needle = normalize(query.q ?? '');
  const inProvince = query.provincia ? load().all.filter((c) => c.sigla === query.provincia) : load().all;
  if (!needle) return inProvince.slice(0, limit);
  const starts: TComune[] = [];
  const contains: TComune[] = [];
  for (const c of inProvince) {
    const name = normalize(c.nome);
    if (name.startsWith(needle)) starts.push(c);
    else if (name.includes(needle)) contains.push(c);
  }
  return [...starts, ...contains].slice(0, limit);
}

/** The comune with this name (accents and case ignored), in the given province when one is given. */
export function findComune(name: string, sigla?: string): TComune | undefined {
  const matches = load().byName.get(normalize(name)) ?? [];
  return sigla ? matches.find((c) => c.sigla === sigla) : matches[0];
}

/** The comune with this ISTAT code (six digits), if it is one of today's. */
export function comuneByIstat(istat: string): TComune | undefined {
  return load().byIstat.get(istat);
}

/** The CAPs of a comune (a city has one for each of its areas). */
export const capsOf = (comune: TComune): string[] => comune.cap.split(',');

/**
 * The provinces whose capital is not the comune named as the province: those named after a territory or after several
 * towns (each of which is a capital: Barletta, Andria and Trani), and those whose ISTAT name is longer.
 */
const CAPITALS_NAMED_OTHERWISE: Record<string, readonly string[]> = {
  AO: ['Aosta'],
  BT: ['Barletta', 'Andria', 'Trani'],
  BZ: ['Bolzano'],
  FC: ['Forlì', 'Cesena'],
  MB: ['Monza'],
  MS: ['Massa', 'Carrara'],
  PU: ['Pesaro', 'Urbino'],
  RC: ['Reggio di Calabria'],
  SU: ['Carbonia'],
  VB: ['Verbania'],
};

/** Every provincial capital, one or more a province, in the provinces' alphabetical order. */
export function provincialCapitals(): readonly TComune[] {
  return ALL_PROVINCES.flatMap(({ sigla, name }) =>
    (CAPITALS_NAMED_OTHERWISE[sigla] ?? [name]).map((capital) => {
      const comune = findComune(capital, sigla);
      if (!comune) throw new Error(`No comune ${capital} (${sigla}) in the built-in data`);
      return comune;
    }),
  );
}

/**
 * Places of birth by codice catastale (decision 093): the comuni of the built-in data (catastali.json, derived by
 * scripts/build-comuni.mjs from the same source as comuni.json; see NOTICE.md) and the states abroad, which are only
 * named by their Z code.
 */
import { readFileSync } from 'node:fs';
import { isAbroad, normalize, type TBirthPlace } from '@farmaponte/shared';
import { PROFESSIONAL_FILE_MESSAGES as M } from '@farmaponte/shared/messages-professional-file';
import { apiPath } from '../../lib/api-root';

/** The province of a place abroad, as Italian forms write it. */
const ABROAD_PROVINCE = 'EE';

let cache: { byCode: Map<string, TBirthPlace>; all: { place: TBirthPlace; key: string }[] } | undefined;

function load() {
  if (cache) return cache;
  const rows = JSON.parse(readFileSync(apiPath('src/modules/geo/catastali.json'), 'utf8')) as Record<string, [string, string]>;
  const all = Object.entries(rows)
    .map(([code, [name, province]]) => ({ place: { code, name, province }, key: normalize(name) }))
    .sort((a, b) => a.place.name.localeCompare(b.place.name, 'it'));
  cache = { byCode: new Map(all.map((entry) => [entry.place.code, entry.place])), all };
  return cache;
}

/**
 * The place of a codice catastale: a comune of the list, a state abroad ('Stato estero (Z110)'), or a comune's code no
 * more in the list (one merged into another still stands in the codici fiscali of the people born there).
 */
export function birthPlaceOf(code: string): TBirthPlace {
  if (isAbroad(code)) return { code, name: M.abroad(code), province: ABROAD_PROVINCE };
  return load().byCode.get(code) ?? { code, name: M.unknownComune(code), province: '' };
}

/** Whether the code is one of the comuni of the list. */
export const isKnownComune = (code: string) => load().byCode.has(code);

/** Up to `limit` places whose name starts with, then contains, q (accents and case ignored); a code finds its place. */
export function searchBirthPlaces(q: string, limit: number): TBirthPlace[] {
  const code = q.trim().toUpperCase();
  if (/^[A-MZ]\d{3}$/.test(code)) return isAbroad(code) || isKnownComune(code) ? [birthPlaceOf(code)] : [];
  const needle = normalize(q);
  if (!needle) return [];
  const starts: TBirthPlace[] = [];
  const contains: TBirthPlace[] = [];
  for (const { place, key } of load().all) {
    if (key.startsWith(needle)) starts.push(place);
    else if (contains.length < limit && key.includes(needle)) contains.push(place);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}

/**
 * The search of /cerca_farmacisti as it lives in the URL (`?from=…&to=…&near=Monza&radius_km=20&min_pay=25&page=2`):
 * the names of GET /api/pharmacists/available/'s query, so a link, a reload and the API call say the same thing.
 * Values the API would refuse are dropped when read, never sent.
 */
import { LIMITS } from '@farmaponte/shared/limits';

export const PHARMACIST_FILTER_NAMES = ['from', 'to', 'near', 'radius_km', 'min_pay'] as const;
export type TPharmacistFilterName = (typeof PHARMACIST_FILTER_NAMES)[number];
export type TPharmacistFilters = Partial<Record<TPharmacistFilterName, string>>;

/** The radii offered in the filter (km), up to the largest a pharmacist may travel. */
export const RADII_KM = [5, 10, 20, 30, 50, 100, LIMITS.searchRadiusMaxKm] as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const between = (value: string, min: number, max: number) => Number(value) >= min && Number(value) <= max;
const checks: Record<TPharmacistFilterName, (value: string) => boolean> = {
  from: (value) => isoDate.test(value),
  to: (value) => isoDate.test(value),
  near: (value) => value.length <= LIMITS.searchPlaceMaxLength,
  radius_km: (value) => /^\d+$/.test(value) && between(value, LIMITS.searchRadiusMinKm, LIMITS.searchRadiusMaxKm),
  min_pay: (value) => /^\d+(\.\d{1,2})?$/.test(value) && between(value, LIMITS.hourlyPayMin, LIMITS.hourlyPayMax),
};

/** The filters a URL holds, trimmed, without blanks or values the API would refuse. */
export function readPharmacistFilters(params: URLSearchParams): TPharmacistFilters {
  const filters: TPharmacistFilters = {};
  for (const name of PHARMACIST_FILTER_NAMES) {
    const value = params.get(name)?.trim();
    if (value && checks[name](value)) filters[name] = value;
  }
  return filters;
}

/** The page of the list, kept in the URL as `page` beside the filters. */
export function readPharmacistPage(params: URLSearchParams): number {
  const value = params.get('page')?.trim() ?? '';
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

/** The query string of the filters and the page (left out when it is the first), in a fixed order. */
export function pharmacistSearchQuery(filters: TPharmacistFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const name of PHARMACIST_FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

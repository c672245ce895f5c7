/**
 * Choosing the pharmacy acted for (decision 089), and what a choice means among the pharmacies a person reaches: used
 * by the screens an owner-side person reaches after login, apart from lib/current-pharmacy.ts, which the first page's
 * code carries.
 */

import { pharmacyChanged, readCurrentPharmacy, type TPharmacyChoice, WHOLE_GROUP } from './current-pharmacy';
import { CURRENT_PHARMACY_KEY } from './storage';

/** Stores the choice (null: back to the server's default) and tells whoever listens, when it changed. */
export function setCurrentPharmacy(choice: TPharmacyChoice): void {
  if (choice === readCurrentPharmacy()) return;
  try {
    if (choice === null) localStorage.removeItem(CURRENT_PHARMACY_KEY);
    else localStorage.setItem(CURRENT_PHARMACY_KEY, String(choice));
  } catch {
    // Storage unavailable: the requests go on without the header, for the server's default pharmacy.
    return;
  }
  pharmacyChanged();
}

/** The pharmacies in a person's reach, as the organisation lists them (oldest first). */
interface TReachablePharmacy {
  id: number;
}

/**
 * What the choice means among the pharmacies the person reaches: the pharmacy acted for (the chosen one, else the
 * person's own, else the first, as the server decides), or the whole group; `stale` when the stored choice no longer
 * fits (a pharmacy taken out of their reach, the group of a person left with one pharmacy) and should be dropped.
 */
export function resolveChoice<T extends TReachablePharmacy>(
  chosen: TPharmacyChoice,
  pharmacies: readonly T[],
  userId: number,
): { current: T | typeof WHOLE_GROUP | null; stale: boolean } {
  const fallback = pharmacies.find((p) => p.id === userId) ?? pharmacies[0] ?? null;
  if (chosen === null) return { current: fallback, stale: false };
  if (chosen === WHOLE_GROUP)
    return pharmacies.length > 1 ? { current: WHOLE_GROUP, stale: false } : { current: fallback, stale: true };
  const found = pharmacies.find((p) => p.id === chosen);
  return found ? { current: found, stale: false } : { current: fallback, stale: true };
}

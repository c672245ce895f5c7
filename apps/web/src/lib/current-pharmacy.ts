/**
 * The pharmacy an owner-side person acts for (decision 089), chosen in the header's 'Farmacia' and kept in
 * localStorage beside the session's tokens (it goes with them at logout). The API client sends it as `X-Farmacia`
 * (`pharmacyHeader`, the one rule); nothing chosen, no header: the server acts for the person's own pharmacy, else the
 * first they may act for. 'tutte' is the whole group: the lists that show it get `X-Farmacia: tutte`, a write gets it
 * too (the server answers that one pharmacy must be chosen, never acting for another in silence), any other read goes
 * without the header; the pages that work for one pharmacy only ask to choose one (`showsWholeGroup`).
 */
import { useSyncExternalStore } from 'react';
import { CURRENT_PHARMACY_KEY, readStored } from './storage';

/** `X-Farmacia`'s value for the whole group. */
export const WHOLE_GROUP = 'tutte';

/** A pharmacy's id, the whole group, or nothing chosen (the server's default). */
export type TPharmacyChoice = number | typeof WHOLE_GROUP | null;

/** The owner lists the API shows for the whole group (`requireOwner(…, { group: true })`). */
const GROUP_LISTS: readonly string[] = ['/api/offers/mine/', '/api/titolare/candidatures/', '/api/titolare/candidatures/counts/'];

/** The pages that work with the whole group chosen: the rest ask to choose one pharmacy (app/route-guard.tsx). */
const GROUP_PAGES: readonly string[] = [
  '/',
  '/profile',
  '/mie_offerte',
  '/candidature',
  '/organizzazione',
  '/organizzazione/staff',
];

/** A stored text as a choice: an id or 'tutte'; anything else (edited by hand, an old format) is no choice. */
export function parseChoice(stored: string | null): TPharmacyChoice {
  if (stored === WHOLE_GROUP) return WHOLE_GROUP;
  if (stored && /^[1-9]\d{0,9}$/.test(stored)) return Number(stored);
  return null;
}

export function readCurrentPharmacy(): TPharmacyChoice {
  return parseChoice(readStored(CURRENT_PHARMACY_KEY));
}

const listeners = new Set<() => void>();

/** Listens to changes of the choice, in this tab and in the others (the storage event); returns the way to stop. */
export function subscribeCurrentPharmacy(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === CURRENT_PHARMACY_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', fromOtherTab);
  };
}

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
  for (const listener of listeners) listener();
}

/**
 * `X-Farmacia` for a request, or undefined for none. `explicit`: the request names its pharmacy itself (a document for
 * a pharmacy just added), or null for none (the organisation's own calls, the same whatever pharmacy is chosen).
 */
export function pharmacyHeader(
  path: string,
  method: string,
  explicit?: number | null,
  chosen: TPharmacyChoice = readCurrentPharmacy(),
): string | undefined {
  if (explicit !== undefined) return explicit === null ? undefined : String(explicit);
  if (chosen === null) return undefined;
  if (chosen !== WHOLE_GROUP) return String(chosen);
  if (method !== 'GET') return WHOLE_GROUP;
  return GROUP_LISTS.includes(path.split('?')[0] ?? path) ? WHOLE_GROUP : undefined;
}

/** Whether a page works with the whole group chosen (the others ask for one pharmacy). */
export function showsWholeGroup(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return GROUP_PAGES.includes(path) || path.startsWith('/organizzazione/farmacie/');
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

const serverSnapshot = (): TPharmacyChoice => null;

/** The choice, kept current across components and tabs, and the way to change it (every query is read again). */
export function useCurrentPharmacy(): { chosen: TPharmacyChoice; choose: (choice: TPharmacyChoice) => void } {
  const chosen = useSyncExternalStore(subscribeCurrentPharmacy, readCurrentPharmacy, serverSnapshot);
  return { chosen, choose: setCurrentPharmacy };
}

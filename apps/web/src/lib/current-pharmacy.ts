/**
 * The pharmacy an owner-side person acts for (decision 089), chosen in the header's 'Farmacia' and kept in
 * localStorage beside the session's tokens (it goes with them at logout; lib/choose-pharmacy.ts stores it, apart so
 * that the first page's code does not carry it). The API client sends it as `X-Farmacia`
 * (`pharmacyHeader`, the one rule); nothing chosen, no header: the server acts for the person's own pharmacy, else the
 * first they may act for. 'tutte' is the whole group: the lists that show it get `X-Farmacia: tutte`, a write gets it
 * too (the server answers that one pharmacy must be chosen, never acting for another in silence), any other read goes
 * without the header; the pages that work for one pharmacy only ask to choose one (lib/group-pages.ts).
 */
import { useSyncExternalStore } from 'react';
import { CURRENT_PHARMACY_KEY, readStored } from './storage';

/** `X-Farmacia`'s value for the whole group. */
export const WHOLE_GROUP = 'tutte';

/** A pharmacy's id, the whole group, or nothing chosen (the server's default). */
export type TPharmacyChoice = number | typeof WHOLE_GROUP | null;

/** The owner lists the API shows for the whole group (`requireOwner(…, { group: true })`), with or without a query. */
const GROUP_LISTS = /^\/api\/(offers\/mine|titolare\/candidatures(\/counts)?)\/(\?|$)/;

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

/**
 * Listens to changes of the choice; returns the way to stop. Another tab's are told by the header's owner-side items
 * (app/owner-nav-items.tsx), which an owner-side person always has.
 */
export function subscribeCurrentPharmacy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells whoever listens that the choice changed (lib/choose-pharmacy.ts stores it; another tab may have). */
export function pharmacyChanged(): void {
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
  return GROUP_LISTS.test(path) ? WHOLE_GROUP : undefined;
}

/** The choice, kept current across components and tabs (lib/choose-pharmacy.ts changes it). */
export function useCurrentPharmacy(): TPharmacyChoice {
  return useSyncExternalStore(subscribeCurrentPharmacy, readCurrentPharmacy);
}

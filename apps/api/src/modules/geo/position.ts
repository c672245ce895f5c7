/** Where a pharmacy is on the map (docs/rules.md#places): the coordinates an admin set on its owner, else the centre of its comune. */
import type { TLocation } from '@farmaponte/shared';
import { findComune } from './comuni';

export function pharmacyPosition(owner: { lat: number | null; lng: number | null; comune: string }): TLocation {
  if (owner.lat != null && owner.lng != null) return { lat: owner.lat, lng: owner.lng, source: 'owner' };
  const comune = owner.comune ? findComune(owner.comune) : undefined;
  return comune ? { lat: comune.lat, lng: comune.lng, source: 'comune' } : { lat: null, lng: null, source: null };
}

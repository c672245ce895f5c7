/**
 * The pharmacy as a pharmacist reads it on an offer: "Farmacia del Borgo (Farmacie Rossi srl) · Torino", the group
 * named only where it runs several pharmacies (decision 089). A file of its own, without imports: the first screen's
 * markup carries it.
 */
export function offerPharmacyLine(offer: { denominazione_farmacia: string; gruppo?: string | null; comune_farmacia: string }) {
  return `${offer.denominazione_farmacia}${offer.gruppo ? ` (${offer.gruppo})` : ''} · ${offer.comune_farmacia}`;
}

/** The public lookup of the Ministry registry an owner uses to name their pharmacy (decision 048). */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { zText } from './common';

/** GET /api/pharmacies/lookup/?q=: a name, comune, address or code, trimmed, at least LIMITS.pharmacyLookupMinChars. */
export const ZPharmacyLookupQuerySchema = z.object({
  q: zText(100).refine((q) => q.length >= LIMITS.pharmacyLookupMinChars, MESSAGES.pharmacyLookupTooShort),
});
export type TPharmacyLookupQuery = z.infer<typeof ZPharmacyLookupQuerySchema>;

/** One registry row as anyone may see it: the Ministry's open data, without its VAT number. */
export const ZRegistryPharmacySchema = z.object({
  cod_farmacia: z.string(),
  name: z.string(),
  address: z.string(),
  frazione: z.string(),
  cap: z.string(),
  comune: z.string(),
  provincia: z.string(),
});
export type TRegistryPharmacy = z.infer<typeof ZRegistryPharmacySchema>;

/** At most LIMITS.pharmacyLookupMaxResults rows: the exact code first, then codes that start with the text, then by name. */
export const ZPharmacyLookupSchema = z.array(ZRegistryPharmacySchema);
export type TPharmacyLookup = z.infer<typeof ZPharmacyLookupSchema>;

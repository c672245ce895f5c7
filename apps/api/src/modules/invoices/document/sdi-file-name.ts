/**
 * The SdI's name of an invoice's file (FATTURAPA_FORMAT): IT, the issuer's partita IVA, '_' and a progressive of five
 * letters and digits unique among her files. The invoice row's id in base 36 is unique across the platform, so it is
 * unique among hers too, and the same characters are the file's ProgressivoInvio.
 */

/** Five characters of base 36 hold ids up to 36^5 − 1. */
const MAX_ID = 36 ** 5 - 1;

/** The id as five upper-case base-36 characters, zero padded: 1 → '00001', 36 → '00010', 60466175 → 'ZZZZZ'. */
export function sdiProgressive(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new RangeError(`invoice id ${id} has no 5-character progressive`);
  return id.toString(36).toUpperCase().padStart(5, '0');
}

/** 'IT01234567890_0000A.xml' for the invoice with id 10 of partita IVA 01234567890. */
export const sdiFileName = (partitaIva: string, id: number) => `IT${partitaIva}_${sdiProgressive(id)}.xml`;

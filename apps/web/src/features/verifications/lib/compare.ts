/**
 * What an owner typed beside the registry row (decision 049): each pair of values, and whether they differ once case,
 * accents, punctuation and spacing are set aside (the registry writes names in capitals, people do not).
 */
import type { TVerificationEntered, TVerificationRegistry } from '@farmaponte/shared';

export interface TComparedField {
  key: keyof TVerificationEntered;
  entered: string;
  /** The registry's value, or null when the field has none there. */
  registry: string | null;
  differs: boolean;
}

const comparable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The registry's value for each field of the owner's pharmacy. */
const REGISTRY_VALUE: Partial<Record<keyof TVerificationEntered, (row: TVerificationRegistry) => string>> = {
  denominazione_farmacia: (row) => row.name,
  indirizzo_farmacia: (row) => [row.address, row.cap, row.comune].filter(Boolean).join(', '),
  comune_farmacia: (row) => row.comune,
  partita_iva: (row) => row.partita_iva,
  cod_farmacia: (row) => row.cod_farmacia,
};

/** An address differs when the registry's street is not in what was typed (the owner may add the comune, or not). */
function differs(key: keyof TVerificationEntered, entered: string, registry: string, row: TVerificationRegistry): boolean {
  if (key === 'indirizzo_farmacia') return !comparable(entered).includes(comparable(row.address));
  return comparable(entered) !== comparable(registry);
}

export function compareWithRegistry(entered: TVerificationEntered, registry: TVerificationRegistry | null): TComparedField[] {
  const fields: TComparedField[] = [];
  for (const [key, value] of Object.entries(entered) as [keyof TVerificationEntered, string | undefined][]) {
    if (value === undefined) continue;
    const read = REGISTRY_VALUE[key];
    const registryValue = registry && read ? read(registry) : null;
    fields.push({
      key,
      entered: value,
      registry: registryValue,
      differs: registry !== null && registryValue !== null && differs(key, value, registryValue, registry),
    });
  }
  return fields;
}

/** The Ministry of Health's pharmacy registry file: its layout and its parser (registry-generator.ts writes such files). */
import { CONTROL_CHARACTERS, isInItaly, LIMITS, REGISTRY_MESSAGES, type TRegistryEncoding } from '@farmaponte/shared';
import type { pharmacies } from '../../db/schema';

export const REGISTRY_COLUMNS = [
  'cod_farmacia',
  'cod_farmacia_asl',
  'indirizzo',
  'descrizione_farmacia',
  'p_iva',
  'cap',
  'cod_comune',
  'comune',
  'frazione',
  'cod_provincia',
  'sigla_provincia',
  'provincia',
  'cod_regione',
  'regione',
  'data_inizio_validita',
  'data_fine_validita',
  'descrizione_tipologia',
  'codice_tipologia',
  'latitudine',
  'longitudine',
  'localizzazione',
] as const;

export type TRegistryRecord = Record<(typeof REGISTRY_COLUMNS)[number], string>;

/** Splits one `;`-separated line, honouring "quoted; fields" with "" escapes. */
export function splitLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"' && current === '') quoted = true;
    else if (ch === ';') {
      fields.push(current);
      current = '';
    } else current += ch;
  }
  fields.push(current);
  return fields.map((f) => f.trim());
}

/** '45,4642' → 45.4642; '' or garbage → null. */
export function parseDecimal(value: string): number | null {
  if (!value || value === '-') return null;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** 'DD/MM/YYYY' → 'YYYY-MM-DD' when that day exists (not 31/02/2020); anything else → null. */
export function parseItalianDate(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1800 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** A registry row ready to store. */
export type TRegistryPharmacy = typeof pharmacies.$inferInsert;

export class RegistryFormatError extends Error {}

/** Skipped rows are counted by these reasons; the faulty ones (all but notActive and duplicate) are also listed. */
export const SKIP_REASONS = {
  notActive: REGISTRY_MESSAGES.skipNotActive,
  columns: REGISTRY_MESSAGES.skipColumns,
  missing: REGISTRY_MESSAGES.skipMissing,
  duplicate: REGISTRY_MESSAGES.skipDuplicate,
  controlCharacters: REGISTRY_MESSAGES.skipControlCharacters,
  unreadable: REGISTRY_MESSAGES.skipUnreadable,
  invalidDate: REGISTRY_MESSAGES.skipInvalidDate,
} as const;

/**
 * The file's text and how its bytes were read: UTF-8 (a BOM, or bytes that are valid UTF-8), otherwise Windows-1252,
 * the encoding of many public CSV files saved on Windows (a superset of Latin-1: "CITTÀ" is the byte C0 there).
 */
export function decodeRegistryFile(bytes: Uint8Array): { text: string; encoding: TRegistryEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** Throws RegistryFormatError, naming the missing columns, unless the first line is the Ministry's header. */
export function checkRegistryLayout(text: string): void {
  const end = text.indexOf('\n');
  const header = splitLine((end < 0 ? text : text.slice(0, end)).replace(/\r$/, '')).map((h) => h.toLowerCase());
  if (header.join(';') !== REGISTRY_COLUMNS.join(';')) {
    const missing = REGISTRY_COLUMNS.filter((c) => !header.includes(c));
    throw new RegistryFormatError(REGISTRY_MESSAGES.wrongLayout(REGISTRY_COLUMNS.length, missing));
  }
}

export interface TBadRow {
  row: number;
  reason: string;
}

/** Why a row cannot be stored, as [counted reason, listed reason]; undefined when it can. */
function faultOf(fields: string[]): [string, string] | undefined {
  if (fields.length !== REGISTRY_COLUMNS.length)
    return [SKIP_REASONS.columns, REGISTRY_MESSAGES.badRowColumns(fields.length, REGISTRY_COLUMNS.length)];
  for (const [index, value] of fields.entries()) {
    const column = REGISTRY_COLUMNS[index] as string;
    const control = CONTROL_CHARACTERS.exec(value);
    if (control) {
      const code = control[0].charCodeAt(0);
      const name = code === 0 ? 'NUL' : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      return [SKIP_REASONS.controlCharacters, REGISTRY_MESSAGES.badRowControlCharacter(column, name)];
    }
    // U+FFFD: bytes a UTF-8 file (it had a BOM) cannot hold; stored, they would show as "CITT�".
    if (value.includes('\uFFFD')) return [SKIP_REASONS.unreadable, REGISTRY_MESSAGES.badRowUnreadable(column)];
  }
  return undefined;
}

const dateFault = (column: 'data_inizio_validita' | 'data_fine_validita', value: string): [string, string] => [
  SKIP_REASONS.invalidDate,
  REGISTRY_MESSAGES.badRowDate(column, value.slice(0, 20)),
];

/** Lines parsed between two turns given to the event loop: a few milliseconds of work. */
const LINES_PER_TURN = 250;

/**
 * Parses the rows after the header (checked by checkRegistryLayout). A faulty row is skipped with its row number and
 * reason instead of failing the file; closed pharmacies and repeated codes are skipped and counted. It gives the event
 * loop a turn every LINES_PER_TURN lines, so a 100,000-row file does not hold the server for a second.
 */
export async function parseRegistry(text: string) {
  const skippedReasons: Record<string, number> = {};
  const badRows: TBadRow[] = [];
  let badRowCount = 0;
  const skip = (reason: string) => {
    skippedReasons[reason] = (skippedReasons[reason] ?? 0) + 1;
  };
  const fault = (row: number, [counted, listed]: [string, string]) => {
    skip(counted);
    badRowCount++;
    if (badRows.length < LIMITS.importBadRowsListed) badRows.push({ row, reason: listed });
  };
  const byCode = new Map<string, TRegistryPharmacy>();
  let read = 0;
  let withoutCoordinates = 0;
  let start = text.indexOf('\n') + 1;
  for (let row = 2; start > 0 && start < text.length; row++) {
    if (row % LINES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
    start = end < 0 ? text.length : end + 1;
    if (!line.trim()) continue;
    read++;
    const fields = splitLine(line);
    const faulty = faultOf(fields);
    if (faulty) {
      fault(row, faulty);
      continue;
    }
    const r = Object.fromEntries(REGISTRY_COLUMNS.map((c, idx) => [c, fields[idx] ?? ''])) as TRegistryRecord;
    if (r.data_fine_validita && r.data_fine_validita !== '-') {
      if (parseItalianDate(r.data_fine_validita)) skip(SKIP_REASONS.notActive);
      else fault(row, dateFault('data_fine_validita', r.data_fine_validita));
      continue;
    }
    const missing = (['cod_farmacia', 'descrizione_farmacia'] as const).find((column) => !r[column]);
    if (missing) {
      fault(row, [SKIP_REASONS.missing, REGISTRY_MESSAGES.badRowMissing(missing)]);
      continue;
    }
    const validFrom = r.data_inizio_validita ? parseItalianDate(r.data_inizio_validita) : null;
    if (r.data_inizio_validita && !validFrom) {
      fault(row, dateFault('data_inizio_validita', r.data_inizio_validita));
      continue;
    }
    let lat = parseDecimal(r.latitudine);
    let lng = parseDecimal(r.longitudine);
    if (lat == null || lng == null || !isInItaly(lat, lng)) {
      lat = null;
      lng = null;
      withoutCoordinates++;
    }
    if (byCode.has(r.cod_farmacia)) skip(SKIP_REASONS.duplicate);
    byCode.set(r.cod_farmacia, {
      codFarmacia: r.cod_farmacia,
      codFarmaciaAsl: r.cod_farmacia_asl,
      name: r.descrizione_farmacia,
      address: r.indirizzo,
      partitaIva: r.p_iva,
      cap: r.cap,
      codComune: r.cod_comune,
      comune: r.comune,
      frazione: r.frazione,
      siglaProvincia: r.sigla_provincia,
      provincia: r.provincia,
      regione: r.regione,
      tipologia: r.descrizione_tipologia,
      validFrom,
      lat,
      lng,
      searchText: [r.descrizione_farmacia, r.indirizzo, r.comune, r.frazione, r.provincia, r.sigla_provincia]
        .join(' ')
        .toLowerCase(),
    });
  }
  return { rows: [...byCode.values()], read, skippedReasons, withoutCoordinates, badRows, badRowCount };
}

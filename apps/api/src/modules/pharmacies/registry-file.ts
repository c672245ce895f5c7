/** The Ministry of Health's pharmacy registry file: its layout, a parser, and a generator of files in that layout. */
import { isInItaly, REGISTRY_MESSAGES } from '@farmaponte/shared';
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

/** 'DD/MM/YYYY' → 'YYYY-MM-DD'; anything else → null. */
export function parseItalianDate(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** A registry row ready to store. */
export type TRegistryPharmacy = typeof pharmacies.$inferInsert;

export class RegistryFormatError extends Error {}

export const SKIP_REASONS = {
  notActive: REGISTRY_MESSAGES.skipNotActive,
  columns: REGISTRY_MESSAGES.skipColumns,
  missing: REGISTRY_MESSAGES.skipMissing,
  duplicate: REGISTRY_MESSAGES.skipDuplicate,
} as const;

/** Parses and checks the whole file before anything is written; throws RegistryFormatError for another layout. */
export function parseRegistry(content: string) {
  const text = content.replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  const header = splitLine(lines[0] ?? '').map((h) => h.toLowerCase());
  const expected = REGISTRY_COLUMNS.join(';');
  if (header.join(';') !== expected) {
    const missing = REGISTRY_COLUMNS.filter((c) => !header.includes(c));
    throw new RegistryFormatError(REGISTRY_MESSAGES.wrongLayout(REGISTRY_COLUMNS.length, missing));
  }
  const skippedReasons: Record<string, number> = {};
  const skip = (reason: string) => {
    skippedReasons[reason] = (skippedReasons[reason] ?? 0) + 1;
  };
  const byCode = new Map<string, TRegistryPharmacy>();
  let read = 0;
  let withoutCoordinates = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line?.trim()) continue;
    read++;
    const fields = splitLine(line);
    if (fields.length !== REGISTRY_COLUMNS.length) {
      skip(SKIP_REASONS.columns);
      continue;
    }
    const r = Object.fromEntries(REGISTRY_COLUMNS.map((c, idx) => [c, fields[idx] ?? ''])) as TRegistryRecord;
    if (r.data_fine_validita && r.data_fine_validita !== '-') {
      skip(SKIP_REASONS.notActive);
      continue;
    }
    if (!r.cod_farmacia || !r.descrizione_farmacia) {
      skip(SKIP_REASONS.missing);
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
      validFrom: parseItalianDate(r.data_inizio_validita),
      lat,
      lng,
      searchText: [r.descrizione_farmacia, r.indirizzo, r.comune, r.frazione, r.provincia, r.sigla_provincia]
        .join(' ')
        .toLowerCase(),
    });
  }
  return { rows: [...byCode.values()], read, skippedReasons, withoutCoordinates };
}

// ------------------------------------------------------------------ generator (tests, demo seed, benchmarks)

const NAMES = [
  'Centrale',
  'San Marco',
  'Santa Chiara',
  'del Corso',
  'Comunale',
  'alla Stazione',
  'Moderna',
  'Internazionale',
  'dei Mille',
  "Sant'Anna",
];
const STREETS = [
  'Via Roma',
  'Corso Italia',
  'Via Garibaldi',
  'Piazza Duomo',
  'Via Mazzini',
  'Viale Europa',
  'Via Dante',
  'Corso Vittorio Emanuele',
];

export function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TGeneratorComune {
  istat: string;
  nome: string;
  sigla: string;
  cap: string;
  lat: number;
  lng: number;
}

/**
 * A registry file in the Ministry's layout: `active` current rows plus `historical` closed ones, BOM, decimal commas.
 * Same seed, same file.
 */
export function generateRegistryCsv(options: {
  active: number;
  historical?: number;
  seed?: number;
  comuni: readonly TGeneratorComune[];
  regionOf: (sigla: string) => string;
}): string {
  const random = mulberry32(options.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const lines = [`\uFEFF${REGISTRY_COLUMNS.join(';')}`];
  const row = (code: number, active: boolean) => {
    const comune = pick(options.comuni);
    const name = `FARMACIA ${pick(NAMES).toUpperCase()}${code % 7 === 0 ? ` ${comune.nome.toUpperCase()}` : ''}`;
    const lat = (comune.lat + (random() - 0.5) * 0.02).toFixed(6).replace('.', ',');
    const lng = (comune.lng + (random() - 0.5) * 0.02).toFixed(6).replace('.', ',');
    const hasCoordinates = random() > 0.08;
    return [
      String(code),
      String(100 + (code % 900)),
      `${pick(STREETS).toUpperCase()} ${1 + Math.floor(random() * 200)}`,
      name,
      String(10_000_000_000 + code).slice(0, 11),
      comune.cap.split(',')[0] ?? '',
      comune.istat,
      comune.nome.toUpperCase(),
      '',
      comune.istat.slice(0, 3),
      comune.sigla,
      comune.sigla,
      '0',
      options.regionOf(comune.sigla).toUpperCase(),
      '01/01/2010',
      active ? '-' : '31/12/2019',
      'Ordinaria',
      '1',
      hasCoordinates ? lat : '',
      hasCoordinates ? lng : '',
      hasCoordinates ? `${lat} ${lng}` : '',
    ].join(';');
  };
  for (let i = 1; i <= options.active; i++) lines.push(row(i, true));
  for (let i = 1; i <= (options.historical ?? 0); i++) lines.push(row(options.active + i, false));
  return `${lines.join('\r\n')}\r\n`;
}

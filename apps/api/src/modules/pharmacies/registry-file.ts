/** The Ministry of Health's pharmacy registry file: its layout, a parser, and a generator of files in that layout. */

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

/**
 * Registry files in the Ministry's layout for the demo seed, tests and benchmarks, made to look like the real one: the
 * first rows put one pharmacy in every provincial capital; the others go to a capital (more to the larger ones) or to
 * any comune; names and streets as Italian pharmacies have them, no name twice in a comune; VAT numbers with a valid
 * check digit. Same seed, same file; and a row depends only on the rows before it, so the first rows of a shorter file
 * are those of a longer one.
 */
import { vatCheckDigit } from '@farmaponte/shared';
import { mulberry32 } from '../../lib/seeded-random';
import { REGISTRY_COLUMNS } from './registry-file';

export interface TGeneratorComune {
  istat: string;
  nome: string;
  sigla: string;
  /** Its postcodes, comma-separated: one for a town, dozens for a city. */
  cap: string;
  lat: number;
  lng: number;
}

const SAINTS = [
  'SAN MARCO',
  'SANTA CHIARA',
  "SANT'ANNA",
  'SAN GIORGIO',
  'SAN FRANCESCO',
  'SANTA RITA',
  'SAN LORENZO',
  'SAN PAOLO',
  'SAN GIUSEPPE',
  'SANTA LUCIA',
  'SAN ROCCO',
  'SAN NICOLA',
  'SANTA MARIA',
  'SAN MICHELE',
  "SANT'ANTONIO",
  'SAN CARLO',
  'SAN BIAGIO',
  'SANTO STEFANO',
  'SAN PIETRO',
  'SANTA TERESA',
];
const PLACES = [
  'CENTRALE',
  'MODERNA',
  'NUOVA',
  'ANTICA',
  'INTERNAZIONALE',
  'DEL CORSO',
  'DELLA STAZIONE',
  'DEL PONTE',
  'DEL DUOMO',
  'DEL CASTELLO',
  'DEI MILLE',
  'DEL MERCATO',
  'DELLE GRAZIE',
  'DEL SOLE',
  'DEL VIALE',
  'DELLA PIAZZA',
  'AL PARCO',
  "DELL'OSPEDALE",
  'DEL BORGO',
  'DEL CENTRO',
];
/** Common surnames; none is, or contains, the name of a provincial capital, so a search for a city finds its pharmacies. */
const SURNAMES = [
  'ROSSI',
  'FERRARI',
  'ESPOSITO',
  'RICCI',
  'GRECO',
  'BRUNO',
  'DE LUCA',
  'MANCINI',
  'COSTA',
  'GIORDANO',
  'RIZZO',
  'LOMBARDI',
  'MORETTI',
  'BARBIERI',
  'FONTANA',
  'SANTORO',
  'MARIANI',
  'RINALDI',
  'CARUSO',
  'GALLI',
  'MARTINI',
  'LEONE',
  'LONGO',
  'GENTILE',
  'MARTINELLI',
  'VITALE',
  'COPPOLA',
  'DE SANTIS',
  "D'ANGELO",
  'MARCHETTI',
  'PARISI',
  'FABBRI',
  'GRASSO',
  'VALENTINI',
  'PELLEGRINI',
  'PALUMBO',
  'SANNA',
  'FARINA',
  'CATTANEO',
  'AMATO',
];
/**
 * The largest cities, by inhabitants in thousands (rounded), so that a city has about its share of the pharmacies (Roma
 * has about twice Milano's); any other capital counts as CAPITAL_SIZE, any other comune as TOWN_SIZE.
 */
const CITY_SIZES: Record<string, number> = {
  Roma: 2750,
  Milano: 1370,
  Napoli: 910,
  Torino: 840,
  Palermo: 630,
  Genova: 560,
  Bologna: 390,
  Firenze: 360,
  Bari: 315,
  Catania: 300,
  Verona: 255,
  Venezia: 250,
  Messina: 220,
  Padova: 205,
  Trieste: 200,
  Brescia: 195,
  Parma: 195,
  Prato: 195,
  Taranto: 185,
  Modena: 185,
};
const CAPITAL_SIZE = 90;
const TOWN_SIZE = 10;
const TITLES = ['DOTT.', 'DOTT.SSA', 'DR.'];
const FIRMS = [' S.N.C.', ' S.A.S.', ' S.R.L.', ''];
const STREETS = [
  'VIA ROMA',
  'CORSO VITTORIO EMANUELE II',
  'PIAZZA GARIBALDI',
  'VIA GIUSEPPE GARIBALDI',
  'VIA GIUSEPPE MAZZINI',
  'CORSO CAVOUR',
  'VIA CAMILLO BENSO DI CAVOUR',
  'CORSO ITALIA',
  'VIA DANTE ALIGHIERI',
  'VIALE EUROPA',
  'VIA XX SETTEMBRE',
  'VIA GIACOMO MATTEOTTI',
  'PIAZZA DELLA REPUBBLICA',
  'VIA GIUSEPPE VERDI',
  'VIA GUGLIELMO MARCONI',
  'CORSO GARIBALDI',
  'VIA NAZIONALE',
  'PIAZZA DUOMO',
  'VIA ANTONIO GRAMSCI',
  'VIA DELLA STAZIONE',
  'VIALE DELLA VITTORIA',
  'VIA IV NOVEMBRE',
  'VIA PIAVE',
  'VIA TRIESTE',
  'VIA ALDO MORO',
  'VIA CESARE BATTISTI',
  'PIAZZA DEL MERCATO',
  'VIA SAN FRANCESCO',
  'VIA MILANO',
  'CORSO TORINO',
  'VIA NAPOLI',
  'VIA FIRENZE',
];

/**
 * A VAT number as the Agenzia delle Entrate gives them: seven digits of the firm (a different number for every code
 * below 10^7, as 3,879,691 is prime to 10^7), three of the provincial office (here the province's ISTAT code) and the
 * check digit.
 */
export function sampleVatNumber(code: number, provinceCode: string): string {
  const firstTen = String((code * 3_879_691 + 2_468_013) % 10_000_000).padStart(7, '0') + provinceCode;
  return firstTen + vatCheckDigit(firstTen);
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A registry file: `active` current rows plus `historical` closed ones, with a BOM and decimal commas. */
export function generateRegistryCsv(options: {
  active: number;
  historical?: number;
  seed?: number;
  comuni: readonly TGeneratorComune[];
  /** One row each first, in this order; then about half of the other rows, more to the larger ones. */
  capitals: readonly TGeneratorComune[];
  regionOf: (sigla: string) => string;
}): string {
  const random = mulberry32(options.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const capitals = new Set(options.capitals);
  const sizeOf = (comune: TGeneratorComune) => CITY_SIZES[comune.nome] ?? (capitals.has(comune) ? CAPITAL_SIZE : TOWN_SIZE);
  const upTo: number[] = [];
  let weights = 0;
  for (const capital of options.capitals) {
    weights += sizeOf(capital);
    upTo.push(weights);
  }
  const someCapital = () => {
    const at = random() * weights;
    return options.capitals[upTo.findIndex((limit) => at < limit)] as TGeneratorComune;
  };
  const namesIn = new Map<string, Set<string>>();
  const municipalIn = new Map<string, number>();

  const drawName = (comune: TGeneratorComune): string => {
    const kind = random();
    if (kind < 0.3) return `FARMACIA ${pick(SAINTS)}`;
    if (kind < 0.58) return `FARMACIA ${pick(PLACES)}`;
    if (kind < 0.68) {
      const number = (municipalIn.get(comune.istat) ?? 0) + 1;
      municipalIn.set(comune.istat, number);
      return `FARMACIA COMUNALE N. ${number}`;
    }
    if (kind < 0.82) return `FARMACIA ${pick(random() < 0.5 ? PLACES : SAINTS)} ${pick(TITLES)} ${pick(SURNAMES)}`;
    if (kind < 0.92) return `FARMACIA ${pick(TITLES)} ${pick(SURNAMES)}`;
    return `FARMACIA ${pick(SURNAMES)}${pick(FIRMS)}`;
  };
  /** A name no other pharmacy of the comune has: a few draws, then a number after the last one. */
  const nameIn = (comune: TGeneratorComune): string => {
    const taken = namesIn.get(comune.istat) ?? new Set<string>();
    namesIn.set(comune.istat, taken);
    let name = drawName(comune);
    for (let draw = 1; draw < 4 && taken.has(name); draw++) name = drawName(comune);
    for (let n = 2, base = name; taken.has(name); n++) name = `${base} ${n}`;
    taken.add(name);
    return name;
  };

  const lines = [`\uFEFF${REGISTRY_COLUMNS.join(';')}`];
  const row = (code: number, active: boolean) => {
    const comune =
      code <= options.capitals.length
        ? (options.capitals[code - 1] as TGeneratorComune)
        : random() < 0.45
          ? someCapital()
          : pick(options.comuni);
    const name = nameIn(comune);
    const street = pick(STREETS);
    const address = `${street} ${between(1, street.startsWith('PIAZZA') ? 40 : 180)}`;
    const cap = pick(comune.cap.split(','));
    const validFrom = `${twoDigits(between(1, 28))}/${twoDigits(between(1, 12))}/${between(1975, 2018)}`;
    // Spread over the comune: a few hundred metres in a village, several kilometres in a city.
    const spread = 0.004 * Math.sqrt(sizeOf(comune));
    const lat = (comune.lat + (random() - 0.5) * spread).toFixed(6).replace('.', ',');
    const lng = (comune.lng + (random() - 0.5) * spread).toFixed(6).replace('.', ',');
    const hasCoordinates = random() > 0.08;
    const provinceCode = comune.istat.slice(0, 3);
    return [
      String(code),
      String(100 + (code % 900)),
      address,
      name,
      sampleVatNumber(code, provinceCode),
      cap,
      comune.istat,
      comune.nome.toUpperCase(),
      '',
      provinceCode,
      comune.sigla,
      comune.sigla,
      '0',
      options.regionOf(comune.sigla).toUpperCase(),
      validFrom,
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

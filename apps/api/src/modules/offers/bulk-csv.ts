/**
 * POST /api/offers/bulk/csv/ (decision 090): a CSV file of shifts, one a row, checked whole before anything is
 * published. UTF-8, `;` or `,` between fields, "quoted" fields for a separator or a line break inside, a header row
 * naming the columns (CSV_COLUMNS, in any order and case). Every problem of every row is named by its row as a
 * spreadsheet numbers it (the header is row 1) and its column; the file publishes only when it has none.
 */
import { formatDate, isIsoDate, LIMITS, type TOfferPayload, todayInItaly } from '@farmaponte/shared';
import {
  CSV_COLUMNS,
  CSV_LEGAL_FORMS,
  CSV_NIGHT_SERVICES,
  CSV_REQUIRED_COLUMNS,
  BULK_MESSAGES as M,
  type TBulkPublished,
  type TCsvColumn,
  type TCsvRowError,
} from '@farmaponte/shared/bulk-offers';
import type { TDb } from '../../db/client';
import { HttpError } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import {
  bulkAnswer,
  checkedSeries,
  offerOfDay,
  publishParts,
  type TActingScope,
  type TBulkPart,
  type TBulkPharmacy,
  writablePharmacies,
} from './bulk';

/** A record of the file and the row it starts on (1 for the header). */
interface TRecord {
  row: number;
  cells: string[];
}

/** The refusal of a file: 400 with every problem in `rows`. */
const csvRefusal = (message: string, rows: TCsvRowError[]) => new HttpError(400, message, 'csv_invalid', { rows });

const refuseFile = (message: string): never => {
  throw csvRefusal(message, [{ row: 0, column: '', message }]);
};

/** The body as text: UTF-8 only (a byte-order mark is dropped), else a 400 that says how to save it. */
export function decodeCsv(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    return refuseFile(M.csvNotUtf8);
  }
}

/** `;` or `,`: whichever the header row has more of outside quotes (a header of one column has neither: `;`). */
function separatorOf(text: string): string {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/** The file's records with the row each starts on; a quoted field may hold separators, quotes ("") and line breaks. */
export function csvRecords(text: string): TRecord[] {
  const separator = separatorOf(text);
  const records: TRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let row = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) records.push({ row: start, cells: cells.map((value) => value.trim()) });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') row++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      row++;
      start = row;
    } else cell += ch;
  }
  if (quoted) refuseFile(M.csvUnclosedQuote);
  endRecord();
  return records;
}

/** Where each column is in the rows, from the header; every problem of the header at once. */
function columnsOf(header: TRecord): Map<TCsvColumn, number> {
  const problems: string[] = [];
  const columns = new Map<TCsvColumn, number>();
  header.cells.forEach((name, index) => {
    const column = name.toLowerCase().replace(/\s+/g, '_') as TCsvColumn;
    if (!CSV_COLUMNS.includes(column)) problems.push(M.csvUnknownColumn(name));
    else if (columns.has(column)) problems.push(M.csvRepeatedColumn(name));
    else columns.set(column, index);
  });
  for (const column of CSV_REQUIRED_COLUMNS) if (!columns.has(column)) problems.push(M.csvMissingColumn(column));
  if (problems.length)
    throw csvRefusal(
      M.csvHasErrors(problems.length),
      problems.map((problem) => ({ row: header.row, column: '', message: M.csvFileError(problem) })),
    );
  return columns;
}

/** 'GG/MM/AAAA' (or G/M/AAAA) or 'AAAA-MM-GG' → 'AAAA-MM-GG' when that day exists; else undefined. */
export function csvDate(value: string): string | undefined {
  const italian = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = italian ? `${italian[3]}-${italian[2]?.padStart(2, '0')}-${italian[1]?.padStart(2, '0')}` : value;
  return isIsoDate(iso) ? iso : undefined;
}

/** The offer's field each column fills, and back: a problem of `end_time` is one of column `fine`. */
const COLUMN_OF_FIELD: Record<string, TCsvColumn> = {
  title: 'titolo',
  description: 'descrizione',
  salary: 'paga_oraria',
  hourly_pay: 'paga_oraria',
  start_time: 'inizio',
  end_time: 'fine',
  positions: 'posti',
  date_from: 'data',
  date_to: 'data',
  legal_forms: 'forma',
  ccnl_level: 'forma',
  'pay_terms.night_service': 'notte',
  'pay_terms.night_from': 'notte_dalle',
  'pay_terms.fee_hourly': 'compenso_lp',
  'pay_terms.night_fee': 'compenso_notte',
  'pay_terms.holiday_fee': 'compenso_festivo',
  'pay_terms.travel_mode': 'viaggio',
  'pay_terms.travel_amount': 'viaggio_euro',
  'pay_terms.travel_per_km': 'viaggio_km',
  'pay_terms.travel_cap': 'viaggio_tetto',
  'pay_terms.lodging_nights': 'alloggio_notti',
  'pay_terms.lodging_note': 'alloggio_note',
  'pay_terms.negotiation_max_hourly': 'tratta_fino_a',
};

/** The pay terms a row's cells write (decision 094): none when every one of their columns is empty or left out. */
function csvPayTerms(cell: (column: TCsvColumn) => string): Record<string, unknown> | undefined {
  const given = (value: string) => (value === '' ? undefined : value);
  const night = cell('notte')
    .toLowerCase()
    .replace(/^battenti[\s_]+/, '');
  const terms = {
    night_service: night === '' ? undefined : (CSV_NIGHT_SERVICES[night] ?? night),
    night_from: given(cleanTime(cell('notte_dalle'))),
    fee_hourly: given(cleanPay(cell('compenso_lp'))),
    night_fee: given(cleanPay(cell('compenso_notte'))),
    holiday_fee: given(cleanPay(cell('compenso_festivo'))),
    travel_mode: given(cell('viaggio').toLowerCase()),
    travel_amount: given(cleanPay(cell('viaggio_euro'))),
    travel_per_km: given(cleanPay(cell('viaggio_km'))),
    travel_cap: given(cleanPay(cell('viaggio_tetto'))),
    lodging_nights: given(cell('alloggio_notti')),
    lodging_note: given(cell('alloggio_note')),
    negotiation_max_hourly: given(cleanPay(cell('tratta_fino_a'))),
  };
  return Object.values(terms).some((value) => value !== undefined) ? terms : undefined;
}

/** The `forma` cell as the offer's `legal_forms`: 'Libera professione' is libera_professione; empty is none given. */
function csvLegalForms(value: string): unknown {
  if (value === '') return undefined;
  const key = value.toLowerCase().replace(/[\s-]+/g, '_');
  return Object.hasOwn(CSV_LEGAL_FORMS, key) ? CSV_LEGAL_FORMS[key] : [value];
}

/** A spreadsheet's time may carry seconds (08:00:00), a pay its euro sign: both are dropped. */
const cleanTime = (value: string) => value.replace(/^(\d{1,2}:\d{2}):00$/, '$1');
const cleanPay = (value: string) => value.replace(/€|\s/g, '');

/**
 * Every row of the file made into its pharmacy's offer, or every problem of every row: the pharmacy (`farmacia`: an
 * id or a registry code of one the person may publish for; empty: the one the request acts for), the day (not
 * past), and the offer's rules after the pharmacy's settings fill the empty cells.
 */
export function csvParts(
  text: string,
  pharmacies: TBulkPharmacy[],
  defaultPharmacyId: number,
  today: string,
): { parts: TBulkPart[]; errors: TCsvRowError[] } {
  const records = csvRecords(text);
  const [header, ...rows] = records;
  if (!header) return refuseFile(M.csvEmpty);
  const columns = columnsOf(header);
  if (!rows.length) return refuseFile(M.csvNoRows);
  if (rows.length > LIMITS.bulkCsvRowsMax) return refuseFile(M.csvTooManyRows(rows.length));

  const byName = new Map<string, TBulkPharmacy>();
  for (const pharmacy of pharmacies) {
    byName.set(String(pharmacy.id), pharmacy);
    if (pharmacy.code) byName.set(pharmacy.code.toLowerCase(), pharmacy);
  }
  const errors: TCsvRowError[] = [];
  const offersOf = new Map<number, TOfferPayload[]>();
  for (const { row, cells } of rows) {
    const problem = (column: string, message: string) =>
      errors.push({ row, column, message: M.csvRowError(row, column, message) });
    const cell = (column: TCsvColumn) => {
      const index = columns.get(column);
      return index === undefined ? '' : (cells[index] ?? '');
    };
    const extra = cells.length - header.cells.length;
    if (extra > 0) problem('', M.csvColumns(extra));
    const named = cell('farmacia');
    const pharmacy = named ? byName.get(named.toLowerCase()) : pharmacies.find((p) => p.id === defaultPharmacyId);
    if (!pharmacy) problem('farmacia', M.csvPharmacyUnknown(named));
    const dayCell = cell('data');
    const day = csvDate(dayCell);
    if (!day) problem('data', M.csvDate(dayCell));
    else if (day < today) problem('data', M.dayInPast(formatDate(day)));
    if (!pharmacy || !day || day < today) continue;
    const optional = (value: string) => (value === '' ? undefined : value);
    const made = offerOfDay(
      {
        title: cell('titolo'),
        description: cell('descrizione'),
        salary: '',
        hourly_pay: optional(cleanPay(cell('paga_oraria'))),
        start_time: optional(cleanTime(cell('inizio'))),
        end_time: optional(cleanTime(cell('fine'))),
        positions: optional(cell('posti')),
        legal_forms: csvLegalForms(cell('forma')),
        pay_terms: csvPayTerms(cell),
      },
      pharmacy,
      day,
    );
    if (made.problems) {
      for (const { field, message } of made.problems) problem(COLUMN_OF_FIELD[field] ?? '', message);
      continue;
    }
    const list = offersOf.get(pharmacy.id) ?? [];
    list.push(made.offer);
    offersOf.set(pharmacy.id, list);
  }
  const parts = pharmacies
    .filter((pharmacy) => offersOf.has(pharmacy.id))
    .map((pharmacy) => ({
      pharmacy,
      offers: (offersOf.get(pharmacy.id) ?? []).sort((a, b) => (a.date_from ?? '').localeCompare(b.date_from ?? '')),
    }));
  return { parts, errors };
}

/**
 * The CSV checked, then (without `checkOnly`) published in one transaction, each pharmacy's rows as one series.
 * 400 with every row's problems and nothing written while the file has any.
 */
export async function publishCsv(
  db: TDb,
  events: TEvents,
  scope: TActingScope,
  body: Buffer,
  checkOnly: boolean,
  now: Date,
): Promise<TBulkPublished> {
  const text = decodeCsv(body);
  const pharmacies = await writablePharmacies(db, scope);
  const { parts, errors } = csvParts(text, pharmacies, scope.pharmacyId, todayInItaly(now));
  if (errors.length) throw csvRefusal(M.csvHasErrors(errors.length), errors);
  if (checkOnly) return bulkAnswer(checkedSeries(parts), true);
  return bulkAnswer(await publishParts(db, events, parts, { id: scope.actorId, email: scope.email }, now), false);
}

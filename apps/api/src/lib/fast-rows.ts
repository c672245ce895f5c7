/**
 * Rows of a flat Drizzle select, mapped by a mapper made once per query (docs/decisions/033).
 *
 * Drizzle maps every row by walking its selected fields: for each field of each row it asks `is(field, Column)` up the
 * prototype chain, iterates the field's path and picks the decoder again. On /offers/mine/ (50 rows of 19 fields)
 * that was ≈ 0.5 ms of a request. Here the decoders and keys are picked once for the query, and each row is one loop.
 * Same SQL, same driver settings (array rows, Drizzle's own type parsers), same decoders, so the same values; a
 * select with nested objects (`{ offer: { … } }`) keeps Drizzle's own mapping, which also nulls left-joined objects.
 */
import { Column, is, SQL, Subquery } from 'drizzle-orm';

type TDecoder = { mapFromDriverValue(value: unknown): unknown };
type TPreparedQuery = { execute(values?: Record<string, unknown>): Promise<unknown> };
/** What a Drizzle PgSelect holds (not in its public types; the tests run every query through it on both databases). */
type TSelectInternals = {
  config: { fields: Record<string, unknown> };
  session: {
    prepareQuery(
      query: unknown,
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: true,
      customResultMapper: (rows: unknown[][]) => unknown,
    ): TPreparedQuery;
  };
  dialect: { sqlToQuery(sql: SQL): unknown };
  getSQL(): SQL;
  prepare(name: string): TPreparedQuery;
};

const asIs: TDecoder = { mapFromDriverValue: (value) => value };
type TWithDecoder = { decoder?: TDecoder };

/** The decoder of one selected field, as Drizzle's mapResultRow picks it; undefined for a nested object or table. */
function decoderOf(field: unknown): TDecoder | undefined {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as TWithDecoder).decoder ?? asIs;
  if (is(field, SQL.Aliased)) return (field.sql as TWithDecoder).decoder ?? asIs;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: TWithDecoder } })._.sql.decoder ?? asIs;
  return undefined;
}

/** The query of a flat select with a mapper made once, or undefined for a select with nested objects. */
function fastQuery(query: unknown, name?: string): TPreparedQuery | undefined {
  const select = query as TSelectInternals;
  const keys = Object.keys(select.config.fields);
  const decoders = keys.map((key) => decoderOf(select.config.fields[key]));
  if (decoders.some((decoder) => decoder === undefined)) return undefined;
  const mapRows = (rows: unknown[][]) => {
    const out = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] as unknown[];
      const item: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const raw = row[i];
        item[keys[i] as string] = raw === null ? null : (decoders[i] as TDecoder).mapFromDriverValue(raw);
      }
      out[r] = item;
    }
    return out;
  };
  return select.session.prepareQuery(select.dialect.sqlToQuery(select.getSQL()), undefined, name, true, mapRows);
}

export function fastRows<TQuery extends PromiseLike<unknown>>(query: TQuery): Promise<Awaited<TQuery>> {
  const prepared = fastQuery(query);
  return (prepared ? prepared.execute() : Promise.resolve(query)) as Promise<Awaited<TQuery>>;
}

/** Per database (each test app has its own), the statements already built, by name. */
const preparedByDatabase = new WeakMap<object, Map<string, TPreparedQuery>>();

/**
 * fastRows of a select that is built once per database, with `sql.placeholder()` where its values go, and then run as a
 * named prepared statement (docs/decisions/034). Building a select and rendering its SQL cost ≈ 0.26 ms of the 2.2 ms
 * of /offers/mine/, every time; PostgreSQL also parses and plans a named statement once per connection instead of
 * every time. `name` must say the query's shape: one name, one SQL text (node-postgres refuses a second text). PGlite
 * runs it as a plain statement.
 */
export function preparedRows<TQuery extends PromiseLike<unknown>>(
  db: object,
  name: string,
  build: () => TQuery,
  values: Record<string, unknown>,
): Promise<Awaited<TQuery>> {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDatabase.set(db, statements);
  }
  let prepared = statements.get(name);
  if (!prepared) {
    const query = build();
    prepared = fastQuery(query, name) ?? (query as unknown as TSelectInternals).prepare(name);
    statements.set(name, prepared);
  }
  return prepared.execute(values) as Promise<Awaited<TQuery>>;
}

/**
 * The one query helper for hot reads (docs/architecture.md "One way to do each thing", docs/decisions/043). Every
 * other query is plain Drizzle.
 *
 * `preparedRows(db, name, build, values)` builds a flat select once per database object, with `sql.placeholder()`
 * where its values go, keeps it by name, and runs it with each call's values:
 * - as a named statement, so node-postgres prepares it once per pooled connection and PostgreSQL parses and plans it
 *   once per connection instead of for every request (docs/decisions/034); PGlite runs it as a plain statement;
 * - with its rows mapped by a mapper made once with the statement. Drizzle maps every row by walking its selected
 *   fields: for each field of each row it asks `is(field, Column)` up the prototype chain, iterates the field's path
 *   and picks the decoder again (≈ 0.5 ms of /offers/mine/, docs/decisions/033). Here the keys and decoders are picked
 *   once, and each row is one loop. Same SQL, same driver settings (array rows, Drizzle's type parsers), same decoders.
 *
 * `name` must say the query's shape: one name, one SQL text (node-postgres refuses a second text under a name).
 *
 * It uses Drizzle internals that are not in its public types, listed in `TSelectInternals` and checked when a statement
 * is built (a missing one throws `DrizzleInternalsChanged`, never a silent fallback); `prepared-rows.test.ts` asserts
 * their shape and behaviour on PGlite and PostgreSQL, so a Drizzle upgrade that changes them turns the tests red.
 * Drizzle's public `select.prepare(name).execute(values)` maps the largest hot read markedly slower
 * (`bench/prepared-rows.ts`, docs/decisions/085), so drizzle-orm is pinned to an exact version in apps/api/package.json.
 */
import { Column, is, SQL, Subquery } from 'drizzle-orm';

type TDecoder = { mapFromDriverValue(value: unknown): unknown };
type TPreparedQuery = { execute(values?: Record<string, unknown>): Promise<unknown> };

/** What a Drizzle PgSelect holds and this helper uses (not in its public types). */
export type TSelectInternals = {
  /** The selected fields by key, in select order: a Column, an SQL, an SQL.Aliased or a Subquery's field. */
  config: { fields: Record<string, unknown> };
  /** The driver's session: prepares a query with our row mapper, given array rows (`isResponseInArrayMode`). */
  session: {
    prepareQuery(
      query: unknown,
      fields: undefined,
      name: string,
      isResponseInArrayMode: true,
      customResultMapper: (rows: unknown[][]) => unknown,
    ): TPreparedQuery;
  };
  /** Renders the select's SQL with `$n` parameters and placeholders left for `execute(values)` to fill. */
  dialect: { sqlToQuery(sql: SQL): unknown };
  getSQL(): SQL;
};

/** A Drizzle upgrade moved an internal this helper relies on: see prepared-rows.test.ts and docs/decisions/043. */
export class DrizzleInternalsChanged extends Error {}

const asIs: TDecoder = { mapFromDriverValue: (value) => value };
type TWithDecoder = { decoder?: TDecoder };

/** The decoder of one selected field, as Drizzle's mapResultRow picks it; undefined for a nested object or table. */
export function decoderOf(field: unknown): TDecoder | undefined {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as TWithDecoder).decoder ?? asIs;
  if (is(field, SQL.Aliased)) return (field.sql as TWithDecoder).decoder ?? asIs;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: TWithDecoder } })._.sql.decoder ?? asIs;
  return undefined;
}

/** The select's internals, each checked: a Drizzle that no longer has one fails here, at the statement's first use. */
export function selectInternals(query: unknown, name: string): TSelectInternals {
  const select = query as Partial<TSelectInternals> | undefined;
  const missing = [
    typeof select?.config?.fields === 'object' ? '' : 'config.fields',
    typeof select?.session?.prepareQuery === 'function' ? '' : 'session.prepareQuery',
    typeof select?.dialect?.sqlToQuery === 'function' ? '' : 'dialect.sqlToQuery',
    typeof select?.getSQL === 'function' ? '' : 'getSQL',
  ].filter(Boolean);
  if (missing.length) throw new DrizzleInternalsChanged(`${name}: Drizzle's select has no ${missing.join(', ')}`);
  return select as TSelectInternals;
}

/** The statement of a flat select, named, with a row mapper made once. */
function prepareStatement(query: unknown, name: string): TPreparedQuery {
  const select = selectInternals(query, name);
  const keys = Object.keys(select.config.fields);
  const decoders = keys.map((key) => decoderOf(select.config.fields[key]));
  const nested = keys.filter((_, i) => decoders[i] === undefined);
  // A nested object ({ offer: { … } }) needs Drizzle's own mapping (which also nulls left-joined objects): plain Drizzle.
  if (nested.length) throw new Error(`${name}: preparedRows takes flat selects only (nested: ${nested.join(', ')})`);
  const width = keys.length;
  const mapRows = (rows: unknown[][]) => {
    const out = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] as unknown[];
      if (row.length !== width) throw new DrizzleInternalsChanged(`${name}: rows of ${row.length} values, ${width} fields`);
      const item: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        const raw = row[i];
        item[keys[i] as string] = raw === null ? null : (decoders[i] as TDecoder).mapFromDriverValue(raw);
      }
      out[r] = item;
    }
    return out;
  };
  return select.session.prepareQuery(select.dialect.sqlToQuery(select.getSQL()), undefined, name, true, mapRows);
}

/** Per database object (each test app has its own, a transaction is another), the statements already built, by name. */
const preparedByDatabase = new WeakMap<object, Map<string, TPreparedQuery>>();

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
    prepared = prepareStatement(build(), name);
    statements.set(name, prepared);
  }
  return prepared.execute(values) as Promise<Awaited<TQuery>>;
}

/**
 * Rows of a flat Drizzle select, mapped by a mapper made once per query (issue 12, docs/decisions/033).
 *
 * Drizzle maps every row by walking its selected fields: for each field of each row it asks `is(field, Column)` up the
 * prototype chain, iterates the field's path and picks the decoder again. On /offers/mine/ (50 rows of 19 fields)
 * that was ≈ 0.5 ms of a request. Here the decoders and keys are picked once for the query, and each row is one loop.
 * Same SQL, same driver settings (array rows, Drizzle's own type parsers), same decoders, so the same values; a
 * select with nested objects (`{ offer: { … } }`) keeps Drizzle's own mapping, which also nulls left-joined objects.
 */
import { Column, is, SQL, Subquery } from 'drizzle-orm';

type TDecoder = { mapFromDriverValue(value: unknown): unknown };
type TPreparedQuery = { execute(): Promise<unknown> };
/** What a Drizzle PgSelect holds (not in its public types; the tests run every query through it on both databases). */
type TSelectInternals = {
  config: { fields: Record<string, unknown> };
  session: {
    prepareQuery(
      query: unknown,
      fields: undefined,
      name: undefined,
      isResponseInArrayMode: true,
      customResultMapper: (rows: unknown[][]) => unknown,
    ): TPreparedQuery;
  };
  dialect: { sqlToQuery(sql: SQL): unknown };
  getSQL(): SQL;
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

export function fastRows<TQuery extends PromiseLike<unknown>>(query: TQuery): Promise<Awaited<TQuery>> {
  const select = query as unknown as TSelectInternals;
  const keys = Object.keys(select.config.fields);
  const decoders = keys.map((key) => decoderOf(select.config.fields[key]));
  if (decoders.some((decoder) => decoder === undefined)) return Promise.resolve(query);
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
  const prepared = select.session.prepareQuery(select.dialect.sqlToQuery(select.getSQL()), undefined, undefined, true, mapRows);
  return prepared.execute() as Promise<Awaited<TQuery>>;
}

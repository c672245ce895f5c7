/** Small helpers for the SQL of every feature's service. */

/** `%text%` for LIKE/ILIKE with the user's own % and _ taken literally (search_text columns are lower-case: pass lower-case text). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A PostgreSQL unique-index violation (23505), from node-postgres or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  return postgresErrorCode(error) === '23505';
}

/** A PostgreSQL foreign-key violation (23503): the row referred to was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresErrorCode(error) === '23503';
}

function postgresErrorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
}

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

/**
 * Runs a write that refers to a row another request may delete meanwhile (the user's own account, an offer): the
 * foreign-key violation of that race becomes `gone()` (a 401 or 404), never a 500.
 */
export async function unlessParentGone<T>(write: () => Promise<T>, gone: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw gone();
    throw error;
  }
}

function postgresErrorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
}

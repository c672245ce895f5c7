/** `%text%` for LIKE/ILIKE with the user's own % and _ taken literally (search_text columns are lower-case: pass lower-case text). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

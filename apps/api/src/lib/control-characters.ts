/** Finds control characters in a parsed request (JSON body or query): the path of the first field holding one. */
import { CONTROL_CHARACTERS, MESSAGES } from '@farmaponte/shared';
import { badRequest } from './errors';

/** 'profile.name', 'username', or '' for the value itself; undefined when there is none. A raw text body (the
 *  registry CSV) is not looked at here: its rows are checked one by one by the import. */
export function fieldWithControlCharacters(value: unknown, path = '', depth = 0): string | undefined {
  // Raw bodies (a Buffer, a typed array) are files, not fields: walking them byte by byte would cost a lot and mean nothing.
  if (depth > 8 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (CONTROL_CHARACTERS.test(key)) return childPath;
    if (typeof child === 'string' ? CONTROL_CHARACTERS.test(child) : false) return childPath;
    const nested = fieldWithControlCharacters(child, childPath, depth + 1);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/** The 400 for a request with control characters in `field` ('' for the value itself). */
export const invalidCharacters = (field: string) =>
  badRequest(MESSAGES.invalidCharacters, 'invalid_characters', { [field || '_']: MESSAGES.invalidCharacters });

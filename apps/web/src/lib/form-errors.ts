/** react-hook-form keeps errors in the order the schema reported them; the screens show only the first one (spec §5). */
import type { FieldErrors, FieldValues } from 'react-hook-form';

interface TErrorNode {
  message?: unknown;
  [key: string]: unknown;
}

export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  const visit = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const { message, ref: _ref, type: _type, types: _types, ...children } = node as TErrorNode;
    if (typeof message === 'string' && message) return message;
    for (const child of Object.values(children)) {
      const found = visit(child);
      if (found) return found;
    }
    return undefined;
  };
  return visit(errors);
}

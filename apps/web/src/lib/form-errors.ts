/**
 * Form errors as users meet them: react-hook-form keeps them in the order the schema reported them, the screens say
 * the first one (in the schema's order) and mark every field that has one (aria-invalid, the message under it, focus on the first).
 */
import { FIRST_MESSAGES } from '@farmaponte/shared/messages-first';
import type { FieldErrors, FieldPath, FieldValues, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { ApiError } from './api-client';

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

/** The text under one field: "all required fields…" is said once for the form, each empty field says less. */
export function fieldErrorText(message: unknown): string | undefined {
  if (typeof message !== 'string' || !message) return undefined;
  return message === FIRST_MESSAGES.requiredFields ? FIRST_MESSAGES.requiredField : message;
}

/**
 * Marks the fields a refused request names in the API's `fields` (e.g. `username`, `profile.name`, `comune`) and
 * focuses the first one the form has; `toFieldName` maps the API's name to the form's (undefined: not on this form).
 * Returns whether a field was marked.
 */
export function markServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T>; setFocus: UseFormSetFocus<T> },
  error: unknown,
  toFieldName: (apiName: string) => FieldPath<T> | undefined,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const marked = Object.entries(error.fields).flatMap(([apiName, message]) => {
    const name = toFieldName(apiName);
    return name ? [[name, message] as const] : [];
  });
  for (const [name, message] of marked) form.setError(name, { type: 'server', message });
  const first = marked[0];
  if (first) form.setFocus(first[0]);
  return marked.length > 0;
}

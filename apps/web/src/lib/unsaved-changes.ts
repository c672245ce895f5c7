/**
 * Whether a form holds changes not saved, asked at the moment the user tries to leave it. Read live from the form,
 * not from the last render: a key press (Escape) or a click can arrive before React has re-rendered after typing.
 */
import { type RefObject, useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormGetFieldState, UseFormGetValues } from 'react-hook-form';

interface TFormReader<T extends FieldValues> {
  getValues: UseFormGetValues<T>;
  getFieldState: UseFormGetFieldState<T>;
}

/** True when any field differs from its default (react-hook-form's dirty fields), nested objects included. */
export function isDirtyNow<T extends FieldValues>(form: TFormReader<T>): boolean {
  const dirty = (value: unknown, path: string): boolean =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).some(([key, child]) => dirty(child, path ? `${path}.${key}` : key))
      : form.getFieldState(path as FieldPath<T>).isDirty;
  return dirty(form.getValues(), '');
}

/** The dialog around a form keeps `check`; the form fills it while mounted, so the dialog can ask before closing. */
export function useDirtyCheck<T extends FieldValues>(check: RefObject<(() => boolean) | null>, form: TFormReader<T>): void {
  useEffect(() => {
    check.current = () => isDirtyNow(form);
    return () => {
      check.current = null;
    };
  }, [check, form]);
}

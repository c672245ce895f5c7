/**
 * A PDF-only file input with an Italian button: the browser's own file button speaks the browser's language, so ours
 * is drawn over it and the input stays underneath (transparent, the whole box its target). The chosen file's name,
 * the hint and the error are tied to it.
 */
import type { ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';
import { describedBy, Field } from './field';

export function PdfFileField({
  id,
  label,
  hint,
  error,
  fileName,
  onFileChange,
  chooseLabel,
  noFileLabel,
  describedBy: before,
  name,
  inputRef,
  className,
  accept = 'application/pdf',
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The chosen file's name, '' before a choice. */
  fileName: string;
  onFileChange: (file: File | null) => void;
  chooseLabel: string;
  noFileLabel: string;
  /** What the page says about the stored file, read before the field's own texts. */
  describedBy?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  /** The types the picker offers (a receipt may also be a photo). */
  accept?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={cn('min-w-0 flex-1', className)}>
      <div
        className={cn(
          'relative flex min-h-11 items-center gap-3 rounded-lg border bg-white px-1.5 py-1.5',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-700',
          error ? 'border-red-700' : 'border-slate-400',
        )}
      >
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept={accept}
          aria-describedby={[before, `${id}-name`, describedBy(id, hint, error)].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
          className="peer absolute inset-0 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className="shrink-0 rounded-md bg-emerald-50 px-3 py-1.5 text-sm font-semibold text-emerald-900 peer-hover:bg-emerald-100"
        >
          {chooseLabel}
        </span>
        <span id={`${id}-name`} className={cn('min-w-0 truncate text-base', fileName ? 'text-slate-900' : 'text-slate-600')}>
          {fileName || noFileLabel}
        </span>
      </div>
    </Field>
  );
}

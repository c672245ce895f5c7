/** Labelled form controls: every input has a <label>, errors and hints are tied to it with aria-describedby. */
import {
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cn } from '../../lib/cn';

const CONTROL_BASE =
  'block w-full min-h-11 rounded-lg border px-3 py-2 text-base shadow-xs placeholder:text-slate-500 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:border-slate-300 ' +
  'disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-700';

/** An editable control: white, darker border, brand focus ring. */
export const CONTROL_CLASSES = `${CONTROL_BASE} border-slate-400 bg-white text-slate-900 focus-visible:border-emerald-700 focus-visible:outline-emerald-700`;

/** A read-only value: grey, so it does not invite typing; still focusable and selectable. */
const READ_ONLY_CLASSES = `${CONTROL_BASE} border-slate-200 bg-slate-100 text-slate-700 shadow-none focus-visible:outline-slate-500`;

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

interface TFieldProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A control's id (given or generated) and the attributes that tie it to its hint and error; spread on the control. */
export function useControlAttributes(id: string | undefined, hint?: ReactNode, error?: string) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(inputId, hint, error),
  } as const;
}

/** Label above the control, then the hint and the error. */
export function Field({ id, label, required, hint, error, className, children }: TFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {/* The asterisk sits outside the label, so the label's text is exactly the field's name. */}
      <div className="flex items-baseline gap-0.5 text-sm">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {required ? <RequiredMark /> : null}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TControlProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
};

export function TextField({
  label,
  hint,
  error,
  className,
  id,
  required,
  readOnly,
  ref,
  ...props
}: TControlProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const control = useControlAttributes(id, hint, error);
  const inputId = control.id;
  return (
    <Field id={inputId} label={label} required={required} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        {...control}
        required={required}
        readOnly={readOnly}
        className={readOnly ? READ_ONLY_CLASSES : CONTROL_CLASSES}
        {...props}
      />
    </Field>
  );
}

/** A search box: no autofill, no spell-check, 'search' on the phone keyboard's enter key. */
export function SearchField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return <TextField type="search" autoComplete="off" spellCheck={false} enterKeyHint="search" {...props} />;
}

export function TextareaField({
  label,
  hint,
  error,
  className,
  id,
  required,
  ref,
  ...props
}: TControlProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const control = useControlAttributes(id, hint, error);
  const inputId = control.id;
  return (
    <Field id={inputId} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea ref={ref} {...control} required={required} className={cn(CONTROL_CLASSES, 'min-h-36 resize-y')} {...props} />
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  id,
  required,
  ref,
  children,
  ...props
}: TControlProps & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const control = useControlAttributes(id, hint, error);
  const inputId = control.id;
  return (
    <Field id={inputId} label={label} required={required} hint={hint} error={error} className={className}>
      <select ref={ref} {...control} required={required} className={cn(CONTROL_CLASSES, 'pr-8')} {...props}>
        {children}
      </select>
    </Field>
  );
}

/** A checkbox with its label on the right; the label may hold links. */
export function CheckboxField({
  label,
  hint,
  error,
  className,
  id,
  ref,
  ...props
}: TControlProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const control = useControlAttributes(id, hint, error);
  const inputId = control.id;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          {...control}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-slate-400 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          {...props}
        />
        <p className="text-sm leading-6 text-slate-800">
          <label htmlFor={inputId} className="cursor-pointer">
            {label}
          </label>
          {props.required ? <RequiredMark /> : null}
        </p>
      </div>
      {hint ? (
        <p id={`${inputId}-hint`} className="pl-8 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="pl-8 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

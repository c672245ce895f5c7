/** A password input with a show/hide toggle: typing a long password on a phone keyboard is error-prone. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { cn } from '../../lib/cn';
import { CONTROL_CLASSES, Field, useControlAttributes } from './field';

type TPasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

export function PasswordField({ label, hint, error, className, id, required, ref, ...props }: TPasswordFieldProps) {
  const control = useControlAttributes(id, hint, error);
  const inputId = control.id;
  const [visible, setVisible] = useState(false);
  return (
    <Field id={inputId} label={label} required={required} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          {...control}
          type={visible ? 'text' : 'password'}
          required={required}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={cn(CONTROL_CLASSES, 'pr-12')}
          {...props}
        />
        <button
          type="button"
          aria-label={visible ? UI_TEXT.hidePassword : UI_TEXT.showPassword}
          aria-pressed={visible}
          aria-controls={inputId}
          onClick={() => setVisible((v) => !v)}
          className="absolute right-1 top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" strokeLinejoin="round" />
            <circle cx="12" cy="12" r="3" />
            {visible ? <path d="M4 4l16 16" strokeLinecap="round" /> : null}
          </svg>
        </button>
      </div>
    </Field>
  );
}

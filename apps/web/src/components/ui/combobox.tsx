/**
 * A text input with a list of suggestions (WAI-ARIA combobox pattern): arrows move through the list,
 * Enter picks, Escape closes, typing stays free so the form's schema decides what is valid.
 */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { CONTROL_CLASSES, Field, useControlAttributes } from './field';
import { SpinnerIcon } from './spinner';

export interface TComboboxOption {
  value: string;
  label: string;
  /** Shown after the label in a lighter colour (e.g. the province of a comune). */
  detail?: string;
}

interface TComboboxProps {
  label: ReactNode;
  inputValue: string;
  onInputChange: (text: string) => void;
  options: readonly TComboboxOption[];
  onSelect: (option: TComboboxOption) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  loading?: boolean;
  autoComplete?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
  /** Each option's detail on its own line under the label (long details: a pharmacy's address), not beside it. */
  detailBelow?: boolean;
  /**
   * Whether focusing or clicking the input shows the suggestions (true by default: an empty region field lists the
   * regions). false: they open only when the user types or presses ↓, so a field focused when a sheet opens, with a
   * value already in it, does not cover the fields below with suggestions nobody asked for.
   */
  openOnFocus?: boolean;
}

export function Combobox({
  label,
  inputValue,
  onInputChange,
  options,
  onSelect,
  onBlur,
  id,
  name,
  required,
  disabled,
  placeholder,
  hint,
  error,
  loading = false,
  autoComplete = 'off',
  className,
  ref,
  openOnFocus = true,
  detailBelow = false,
}: TComboboxProps) {
  const control = useControlAttributes(id, hint, error);
  const inputId = control.id;
  const listId = `${inputId}-listbox`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && !disabled && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  const listRef = useRef<HTMLDivElement>(null);

  // On a phone the list often opens below the fold: bring it into view, and the active option with it.
  useEffect(() => {
    if (!expanded) return;
    const target = active >= 0 ? listRef.current?.children[active] : listRef.current;
    target?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded, active]);

  function choose(option: TComboboxOption) {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(0);
        } else setActive((i) => Math.min(i + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (expanded) setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Escape':
        if (expanded) {
          // Close the list, not the dialog around the form.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  }

  return (
    <Field id={inputId} label={label} required={required} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          {...control}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
          autoComplete={autoComplete}
          required={required}
          disabled={disabled}
          placeholder={placeholder}
          value={inputValue}
          className={cn(CONTROL_CLASSES, 'pr-9')}
          onChange={(event) => {
            onInputChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(openOnFocus)}
          onClick={() => setOpen((wasOpen) => wasOpen || openOnFocus)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        {loading ? <SpinnerIcon className="absolute right-3 top-1/2 -translate-y-1/2 text-emerald-700" /> : null}
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={typeof label === 'string' ? label : undefined}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
        >
          {options.map((option, index) => (
            <div
              key={`${option.value}-${option.detail ?? ''}`}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={cn(
                'flex cursor-pointer px-3 py-2.5 text-base text-slate-900',
                detailBelow ? 'flex-col gap-0.5' : 'items-baseline justify-between gap-3',
                index === active ? 'bg-emerald-700 text-white' : 'hover:bg-emerald-50',
              )}
              // Keep the focus in the input, so the choice does not first count as leaving the field.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onKeyDown={() => undefined}
            >
              <span>{option.label}</span>
              {option.detail ? (
                <span className={cn('text-sm', index === active ? 'text-emerald-50' : 'text-slate-600')}>{option.detail}</span>
              ) : null}
            </div>
          ))}
        </div>
        <div aria-live="polite" className="sr-only">
          {expanded ? UI_TEXT.suggestionsAvailable(options.length) : ''}
        </div>
      </div>
    </Field>
  );
}

/**
 * A score from 1 to 5 as five radio buttons in a fieldset: each star has its label ('3 stelle'), the arrow keys move
 * between them as in any radio group, and the chosen one and those before it are drawn full.
 */
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';
import { useId } from 'react';
import { cn } from '../../../lib/cn';

interface TStarInputProps {
  legend: string;
  value: number | undefined;
  onChange: (value: number) => void;
  required?: boolean;
  error?: string;
}

export function StarInput({ legend, value, onChange, required, error }: TStarInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1">
      <legend className="text-base font-medium text-slate-900">
        {legend}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-700"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              required={required}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">{REVIEWS_TEXT.stars(n)}</span>
            <span
              aria-hidden="true"
              className={cn('text-3xl leading-none', value && n <= value ? 'text-amber-500' : 'text-slate-300')}
            >
              ★
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A choice among a few as a row of bordered cards (the offer's duration, its legal form, the form an application is
 * sent under): the whole card is the radio's label, the chosen one is green, the focus ring is drawn on the card.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';

export function RadioCard({
  label,
  invalid = false,
  className,
  ref,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  /** The choice has an error: the card's border says so (the message is the group's). */
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800',
        'has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:checked]:text-emerald-900',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-700',
        invalid && 'border-red-700',
        className,
      )}
    >
      <input ref={ref} type="radio" className="size-4 shrink-0 accent-emerald-700 focus-visible:outline-none" {...input} />
      {label}
    </label>
  );
}

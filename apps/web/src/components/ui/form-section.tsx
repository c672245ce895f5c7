import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A titled group of fields (a fieldset), two columns from tablet width up. */
export function FormSection({ title, columns = 2, children }: { title: string; columns?: 1 | 2; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-4 w-full border-b border-slate-200 pb-2 text-lg font-semibold text-slate-900">{title}</legend>
      <div className={cn('grid grid-cols-1 gap-x-5 gap-y-5', columns === 2 && 'sm:grid-cols-2')}>{children}</div>
    </fieldset>
  );
}

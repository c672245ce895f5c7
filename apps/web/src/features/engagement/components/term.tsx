/** A row of a definition list of terms (the contract's, the hiring summary's): the name, then what it says. */
import type { ReactNode } from 'react';

export const TERMS_LIST_CLASSES = 'mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2';

export function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mb-2 min-w-0 break-words text-slate-900 sm:mb-0">{children}</dd>
    </>
  );
}

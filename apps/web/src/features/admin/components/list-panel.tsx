/** The frame shared by the admin lists: a titled card with a search box, a live result line and the results. */

import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner, SpinnerIcon } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

export function ListPanel({
  id,
  title,
  search,
  status,
  busy = false,
  children,
  className,
}: {
  id: string;
  title: string;
  /** The search field. */
  search: ReactNode;
  /** One line on what the list shows (announced politely when it changes). */
  status: ReactNode;
  /** A newer answer is on its way: the list stays, a small spinner says so. */
  busy?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 md:h-[44rem]',
        className,
      )}
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{search}</div>
      <div className="mt-3 flex min-h-6 items-center gap-2 text-sm text-slate-700">
        <p role="status" className="min-w-0">
          {status}
        </p>
        {busy ? <SpinnerIcon className="shrink-0 text-emerald-700" /> : null}
      </div>
      {/* Side by side (tablet and up) the two lists scroll inside equal panels, so the map and the import stay close;
          the region is focusable so the keyboard can scroll it too. On phones the page simply scrolls. */}
      {children ? (
        <section
          aria-label={ADMIN_TEXT.searchResults(title)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          aria-busy={busy || undefined}
          className="-mx-1 mt-3 min-h-0 flex-1 rounded-lg px-1 pb-1 focus-visible:outline-2 focus-visible:outline-emerald-700 md:overflow-y-auto"
        >
          {children}
        </section>
      ) : null}
    </section>
  );
}

/** label: value, on one line that wraps. */
export function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * What a search list shows for its query's answer, and the status line over it: an error with a retry, a spinner,
 * 'nothing found', or the items with how many there are (and whether the API's cap cut them).
 */
export function searchListView<T>(
  query: UseQueryResult<T[]>,
  {
    limit,
    none,
    results,
    capped,
  }: { limit: number; none: string; results: (count: number) => string; capped: (count: number) => string },
  renderItems: (items: T[]) => ReactNode,
): { status: string; content: ReactNode } {
  if (query.isError && !query.data) return { status: '', content: <QueryLoadError query={query} /> };
  if (!query.data) {
    return {
      status: '',
      content: (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ),
    };
  }
  const count = query.data.length;
  if (count === 0) return { status: none, content: null };
  return { status: count >= limit ? capped(count) : results(count), content: renderItems(query.data) };
}

/** A few figures under a title, each a name and its value (a month's or a group's totals), and a note under them. */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function FiguresCard({
  id,
  title,
  figures,
  gridClassName = 'grid-cols-3',
  children,
}: {
  /** The title's id, which names the section. */
  id: string;
  title: string;
  figures: readonly (readonly [string, string])[];
  /** The grid's columns (three by default). */
  gridClassName?: string;
  /** What follows the figures (a note). */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-emerald-100 bg-emerald-50 p-4 sm:p-5">
      <h2 id={id} className="text-base font-semibold text-emerald-900">
        {title}
      </h2>
      <dl className={cn('mt-2 grid gap-3', gridClassName)}>
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 sm:text-xl">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

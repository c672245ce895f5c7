/**
 * The admin lists' table: a table from tablet width up, a card per row on phones (the header row hidden there, each
 * cell naming its column with PhoneLabel). Explicit roles: when CSS changes a table's display, some browsers (Safari)
 * drop its semantics unless they are stated.
 */
import type { ReactNode } from 'react';

export const ROLE = { table: 'table', rowgroup: 'rowgroup', row: 'row', columnheader: 'columnheader', cell: 'cell' } as const;

/** A cell's column name, shown on phones only, where the header row is hidden (screen readers use the headers). */
export function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs font-medium uppercase tracking-wide text-slate-600 sm:hidden">
      {children}
    </span>
  );
}

export function CardTable({
  caption,
  columns,
  busy,
  children,
}: {
  caption: string;
  /** Each column's name, and its header's extra classes (a width). */
  columns: readonly { name: string; className?: string }[];
  busy: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div className="sm:overflow-x-auto sm:rounded-2xl sm:border sm:border-slate-200 sm:bg-white sm:shadow-sm">
      <table
        role={ROLE.table}
        className="block w-full text-left text-sm sm:table sm:border-collapse"
        aria-busy={busy || undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <thead
          role={ROLE.rowgroup}
          className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-sm:sr-only"
        >
          <tr role={ROLE.row}>
            {columns.map((column) => (
              <th
                key={column.name}
                role={ROLE.columnheader}
                scope="col"
                className={`px-4 py-3 font-semibold ${column.className ?? ''}`}
              >
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={ROLE.rowgroup} className="flex flex-col gap-3 sm:table-row-group sm:divide-y sm:divide-slate-100">
          {children}
        </tbody>
      </table>
    </div>
  );
}

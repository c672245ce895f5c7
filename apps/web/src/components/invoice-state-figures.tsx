/**
 * Invoices counted by state (decision 095), each with the euros due: the year's on /fatture_ricevute, the period's spend
 * invoiced on /gruppo. Every state is shown, a zero included, so the figures keep their places from one period to the next.
 */
import { INVOICE_STATES, type TInvoiceState } from '@farmaponte/shared';
import { formatAmount } from '@farmaponte/shared/italian-figures';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';
import type { ReactNode } from 'react';
import { FiguresCard } from './ui/figures-card';

export function InvoiceStateFigures({
  id,
  title,
  totals,
  children,
}: {
  id: string;
  title: string;
  totals: Partial<Record<TInvoiceState, { count: number; amount: number }>>;
  children?: ReactNode;
}) {
  const figures = INVOICE_STATES.map((state) => {
    const { count, amount } = totals[state] ?? { count: 0, amount: 0 };
    return [T.states[state], T.stateFigure(count, formatAmount(amount))] as const;
  });
  return (
    <FiguresCard id={id} title={title} figures={figures} gridClassName="grid-cols-1 min-[380px]:grid-cols-2 sm:grid-cols-3">
      {children}
    </FiguresCard>
  );
}

/**
 * The invoices' reads (decision 095): GET /api/invoices/invoiceable/ (her engagements ready to invoice and those
 * waiting), POST /api/invoices/preview/ (what an invoice would be: it stores nothing, so it is read like a query),
 * GET /api/invoices/mine/ and /api/invoices/received/ (a year's invoices with their totals, the same answer's shape).
 */
import type { TInvoiceable, TInvoiceList, TInvoicePreview } from '@farmaponte/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invoicesKeys } from './query-keys';

export function useInvoiceable() {
  return useQuery({
    queryKey: invoicesKeys.invoiceable,
    queryFn: ({ signal }) => apiRequest<TInvoiceable>('/api/invoices/invoiceable/', { signal }),
  });
}

export function useInvoicePreview(applicationIds: readonly number[]) {
  return useQuery({
    queryKey: invoicesKeys.preview(applicationIds),
    queryFn: ({ signal }) =>
      apiRequest<TInvoicePreview>('/api/invoices/preview/', {
        method: 'POST',
        body: { application_ids: applicationIds },
        signal,
      }),
    // A refusal (her file incomplete, the client's data) is an answer to show, not a failure to retry.
    retry: false,
    // Asked afresh each time the dialog opens: the hours or the file may have changed in between.
    gcTime: 0,
  });
}

export type TInvoiceSide = 'mine' | 'received';

export function useInvoiceYear(side: TInvoiceSide, year: number) {
  return useQuery({
    queryKey: invoicesKeys.year(side, year),
    queryFn: ({ signal }) => apiRequest<TInvoiceList>(`/api/invoices/${side}/?year=${year}`, { signal }),
    // The year before stays on screen while the next one loads, so the picker does not jump.
    placeholderData: keepPreviousData,
  });
}

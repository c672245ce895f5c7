/**
 * The invoices' writes (decision 095): POST /api/invoices/ (issue), /{id}/sent/ (she marks it sent to the SdI),
 * /{id}/credit-note/ (she undoes it), /{id}/paid/ (the pharmacy marks it paid); each reads the lists again. And the
 * files: GET /{id}/xml and /{id}/pdf, saved by the browser (a link cannot carry the session's token).
 */
import type { TInvoice } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';
import { pdfFileName } from '../lib/invoice-view';
import { invoicesKeys } from './query-keys';

type TInvoiceAnswer = { message: string; invoice: TInvoice };

/** A write whose answer changes the lists: they are read again once it has settled. */
function useInvoiceWrite<TInput>(send: (input: TInput) => Promise<TInvoiceAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Not the preview still on screen: it would be asked again for engagements just invoiced, and refused.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: invoicesKeys.all, predicate: (query) => query.queryKey[1] !== 'preview' }),
  });
}

export const useIssueInvoice = () =>
  useInvoiceWrite((applicationIds: readonly number[]) =>
    apiRequest<TInvoiceAnswer>('/api/invoices/', { method: 'POST', body: { application_ids: applicationIds } }),
  );

export const useMarkSent = () =>
  useInvoiceWrite((invoiceId: number) => apiRequest<TInvoiceAnswer>(`/api/invoices/${invoiceId}/sent/`, { method: 'POST' }));

export const useCreditNote = () =>
  useInvoiceWrite(({ invoiceId, reason }: { invoiceId: number; reason: string }) =>
    apiRequest<TInvoiceAnswer>(`/api/invoices/${invoiceId}/credit-note/`, { method: 'POST', body: { reason } }),
  );

export const useMarkPaid = () =>
  useInvoiceWrite(({ invoiceId, paidOn }: { invoiceId: number; paidOn: string }) =>
    apiRequest<TInvoiceAnswer>(`/api/invoices/${invoiceId}/paid/`, { method: 'POST', body: { paid_on: paidOn } }),
  );

export type TInvoiceFile = 'xml' | 'pdf';

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: async ({ invoice, format }: { invoice: Pick<TInvoice, 'id' | 'file_name'>; format: TInvoiceFile }) =>
      saveDownload(
        await apiDownload(
          `/api/invoices/${invoice.id}/${format}`,
          format === 'xml' ? invoice.file_name : pdfFileName(invoice.file_name),
        ),
      ),
  });
}

/**
 * Expenses on a freelance shift (decision 095): her claim (the receipt as the body, the fields in the query), her
 * removal, the pharmacy's answer, and the receipt saved by the browser. Each answer reads the month again.
 */
import type { TExpenseInput, TExpenseReviewInput, TExpenseSaved } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';
import { shiftsKeys } from './query-keys';

export type TExpenseClaim = { applicationId: number; fields: TExpenseInput; receipt: File };

export function claimExpense({ applicationId, fields, receipt }: TExpenseClaim) {
  const query = new URLSearchParams({
    kind: fields.kind,
    description: fields.description,
    amount: String(fields.amount),
    spent_on: fields.spent_on,
    name: receipt.name,
  });
  return apiRequest<TExpenseSaved>(`/api/shifts/${applicationId}/expenses/?${query}`, {
    method: 'POST',
    body: new Blob([receipt], { type: receipt.type }),
  });
}

function useShiftsMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: shiftsKeys.all }) });
}

export const useClaimExpense = () => useShiftsMutation(claimExpense);

export const useRemoveExpense = () =>
  useShiftsMutation((expenseId: number) => apiRequest<{ message: string }>(`/api/expenses/${expenseId}/`, { method: 'DELETE' }));

export const useReviewExpense = () =>
  useShiftsMutation(({ expenseId, ...answer }: { expenseId: number } & TExpenseReviewInput) =>
    apiRequest<TExpenseSaved>(`/api/expenses/${expenseId}/review/`, { method: 'POST', body: answer }),
  );

/** The receipt, saved by the browser under its own name. */
export async function downloadReceipt(expenseId: number, name: string): Promise<string> {
  return saveDownload(await apiDownload(`/api/expenses/${expenseId}/receipt`, name));
}

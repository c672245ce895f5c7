/** POST /api/candidature/{id}/withdraw/: 'Ritira candidatura'; answers the application as the pharmacist sees it. */
import type { TSentApplication } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** `reason`: needed for an accepted shift less than 7 days away (decision 074); the server decides. */
export function withdrawApplication({ id, reason }: { id: number; reason?: string }): Promise<TSentApplication> {
  return apiRequest<TSentApplication>(`/api/candidature/${id}/withdraw/`, { method: 'POST', body: reason ? { reason } : {} });
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: (changed) =>
      queryClient.setQueryData<TSentApplication[]>(sharedKeys.myApplications, (list) =>
        list?.map((application) => (application.id === changed.id ? changed : application)),
      ),
    // The offer search shows the status beside the offer too; whatever happened, read the truth again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedKeys.myApplications }),
  });
}

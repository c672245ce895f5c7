/**
 * A contract's actions (decision 093): POST /api/contracts/{id}/confirm/ with the hash the page shows, the PDF of any
 * version (fetched with the session, saved as a file), and for an employee's engagement the owner's summary for the
 * labour consultant (GET /api/applications/{id}/hiring-summary/, as JSON or PDF).
 */
import type { THiringSummary } from '@farmaponte/shared/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { engagementKeys, type TContract } from '../../../lib/api/engagement';
import { ApiError, apiDownload, apiRequest } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

export function useConfirmContract(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sha256 }: { id: number; sha256: string }) =>
      apiRequest<unknown>(`/api/contracts/${id}/confirm/`, { method: 'POST', body: { sha256 } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: engagementKeys.contract(applicationId) }),
        queryClient.invalidateQueries({ queryKey: ['applications'] }),
      ]),
  });
}

/** A version's PDF, saved under the name the server gives (contratto-…-v1.pdf). */
export async function downloadContract(contract: Pick<TContract, 'id' | 'version'>, applicationId: number): Promise<string> {
  return saveDownload(
    await apiDownload(`/api/contracts/${contract.id}/pdf/`, `contratto-${applicationId}-v${contract.version}.pdf`),
  );
}

/** GET /api/applications/{id}/hiring-summary/: an accepted employee's engagement, for the owner. */
export type { THiringSummary };

const hiringPath = (applicationId: number) => `/api/applications/${applicationId}/hiring-summary/`;

export function useHiringSummary(applicationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['hiring-summary', applicationId],
    enabled,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
    queryFn: ({ signal }) => apiRequest<THiringSummary>(hiringPath(applicationId), { signal }),
  });
}

export async function downloadHiringSummary(applicationId: number): Promise<string> {
  return saveDownload(await apiDownload(`${hiringPath(applicationId)}?format=pdf`, `riepilogo-assunzione-${applicationId}.pdf`));
}

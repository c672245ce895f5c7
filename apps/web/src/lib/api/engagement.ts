/**
 * The engagement's answers that more than one feature reads (decision 093): the pharmacist's professional file (her
 * page, and the apply dialog that checks it before a freelance application) and an application's contract (its page,
 * and the status beside an accepted shift). Each read once and kept in the cache under `engagementKeys`.
 */
import type { TContract } from '@farmaponte/shared/contracts';
import type { TBirthPlace, TProfessionalFile } from '@farmaponte/shared/professional-file';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';

export const PROFESSIONAL_FILE_PATH = '/api/me/professional-file/';

export const engagementKeys = {
  professionalFile: ['professional-file'] as const,
  contract: (applicationId: number) => ['contract', applicationId] as const,
};

export type { TBirthPlace, TProfessionalFile };

export const professionalFileQueryOptions = () =>
  queryOptions({
    queryKey: engagementKeys.professionalFile,
    queryFn: ({ signal }) => apiRequest<TProfessionalFile>(PROFESSIONAL_FILE_PATH, { signal, pharmacy: null }),
    staleTime: 30_000,
  });

export function useProfessionalFile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...professionalFileQueryOptions(), enabled });
}

export type { TContract };

export const contractPath = (applicationId: number) => `/api/applications/${applicationId}/contract/`;

export const contractQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: engagementKeys.contract(applicationId),
    queryFn: ({ signal }) => apiRequest<TContract>(contractPath(applicationId), { signal }),
    // No contract (an employee's application) is an answer, not a failure to retry.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });

export function useContract(applicationId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...contractQueryOptions(applicationId), enabled });
}

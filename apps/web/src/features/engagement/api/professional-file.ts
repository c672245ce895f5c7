/**
 * The pharmacist's professional file (decision 093): PUT /api/me/professional-file/ (the form's fields; the answer is
 * the file, kept as the new one), the insurance policy's PDF (PUT, GET, DELETE …/insurance-document/) and the birth
 * places that give the codice catastale (GET /api/places/birth-places/?q=).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { engagementKeys, PROFESSIONAL_FILE_PATH, type TBirthPlace, type TProfessionalFile } from '../../../lib/api/engagement';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';
import type { TFilePayload } from '../lib/file-form-values';

const DOCUMENT_PATH = `${PROFESSIONAL_FILE_PATH}insurance-document/`;

export function useSaveProfessionalFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFilePayload) =>
      apiRequest<TProfessionalFile>(PROFESSIONAL_FILE_PATH, { method: 'PUT', body, pharmacy: null }),
    onSuccess: (file) => queryClient.setQueryData(engagementKeys.professionalFile, file),
  });
}

/** The policy's PDF sent as it is (`Content-Type: application/pdf`); the file is read again for its readiness. */
export function useUploadInsuranceDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest<unknown>(DOCUMENT_PATH, {
        method: 'PUT',
        body: new Blob([file], { type: 'application/pdf' }),
        pharmacy: null,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.professionalFile }),
  });
}

export function useDeleteInsuranceDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>(DOCUMENT_PATH, { method: 'DELETE', pharmacy: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.professionalFile }),
  });
}

/** The stored PDF, saved by the browser under its own name. */
export async function downloadInsuranceDocument(name: string): Promise<string> {
  return saveDownload(await apiDownload(DOCUMENT_PATH, name || 'polizza.pdf'));
}

/** A comune (or a foreign state) whose name starts with what was typed; an empty list for fewer than two letters. */
export function useBirthPlaces(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['birth-places', q],
    enabled: q.length >= 2,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<TBirthPlace[] | { results: TBirthPlace[] }>(
        `/api/places/birth-places/?q=${encodeURIComponent(q)}`,
        { signal, auth: false },
      );
      return Array.isArray(answer) ? answer : (answer?.results ?? []);
    },
  });
}

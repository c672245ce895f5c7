/** PUT /api/user/verification-document/ with the PDF as the body: the owner's document for the admin (decision 049). */
import type { TVerificationDocumentSaved } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/**
 * `pharmacyId`: the document of that pharmacy of the organisation (one just added, decision 089), named in
 * `X-Farmacia`; without it, the pharmacy acted for.
 */
export function uploadVerificationDocument(file: File, pharmacyId?: number): Promise<TVerificationDocumentSaved> {
  return apiRequest<TVerificationDocumentSaved>('/api/user/verification-document/', {
    method: 'PUT',
    body: file,
    pharmacy: pharmacyId,
  });
}

export function useUploadVerificationDocument(pharmacyId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadVerificationDocument(file, pharmacyId),
    // The profile says when the stored document was uploaded: read the details again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.userDetails }),
  });
}

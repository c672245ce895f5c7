/** PUT /api/user/verification-document/ with the PDF as the body: the owner's document for the admin (decision 049). */
import type { TVerificationDocumentSaved } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function uploadVerificationDocument(file: File): Promise<TVerificationDocumentSaved> {
  return apiRequest<TVerificationDocumentSaved>('/api/user/verification-document/', { method: 'PUT', body: file });
}

export function useUploadVerificationDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVerificationDocument,
    // The profile says when the stored document was uploaded: read the details again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.userDetails }),
  });
}

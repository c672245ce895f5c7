/** PUT /api/user/details/ {pdf_file}: stores the pharmacist's CV, a PDF as base64 text (docs/rules.md#cvs); answers with the user details. */
import type { TCvUpload, TUserDetails } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function uploadCv(body: TCvUpload): Promise<TUserDetails> {
  return apiRequest<TUserDetails>('/api/user/details/', { method: 'PUT', body });
}

export function useUploadCv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCv,
    // The answer carries the new CV's link: the dialog and 'Manda CV' see it at once.
    onSuccess: (details) => queryClient.setQueryData(sharedKeys.userDetails, details),
  });
}

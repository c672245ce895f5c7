/** PUT /api/user/details/ {profile}: profile save; only a 200 answer counts as success. */
import type { TProfileUpdate, TUserDetails } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequestWithStatus } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/** The fields of a profile save (docs/rules.md#profiles): all but the pharmacy's comune, which registration fixes. */
export type TProfileSave = { profile: Omit<TProfileUpdate['profile'], 'comune_farmacia'> };

export function updateProfile(body: TProfileSave): Promise<{ status: number; data: TUserDetails }> {
  return apiRequestWithStatus<TUserDetails>('/api/user/details/', { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ status, data }) => {
      if (status === 200 && data) queryClient.setQueryData(sharedKeys.userDetails, data);
      void queryClient.invalidateQueries({ queryKey: accountKeys.albo });
    },
  });
}

/** DELETE /api/user/delete/: erases the account and all its data; 200 or 204 is success (docs/rules.md#profiles). */
import { useMutation } from '@tanstack/react-query';
import { apiRequestWithStatus } from '../../../lib/api-client';

export async function deleteAccount(): Promise<{ ok: boolean }> {
  const { status } = await apiRequestWithStatus<void>('/api/user/delete/', { method: 'DELETE' });
  return { ok: status === 200 || status === 204 };
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

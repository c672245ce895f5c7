/** POST /api/reset-password/ {token, password}: only a 200 answer is success (spec §7). */
import { useMutation } from '@tanstack/react-query';
import { apiRequestWithStatus } from '../../../lib/api-client';

export async function resetPassword(body: { token: string; password: string }): Promise<{ ok: boolean; message?: string }> {
  const { status, data } = await apiRequestWithStatus<{ message?: string }>('/api/reset-password/', {
    method: 'POST',
    body,
    auth: false,
  });
  return { ok: status === 200, message: data?.message };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

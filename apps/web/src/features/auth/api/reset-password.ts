/** POST /api/reset-password/ {token, password}: only a 200 answer is success. */
import type { TMessage, TResetPassword } from '@farmaponte/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequestWithStatus } from '../../../lib/api-client';

export async function resetPassword(body: TResetPassword): Promise<{ ok: boolean; message?: string }> {
  // Success and refusal both carry a message (TMessage, TError).
  const { status, data } = await apiRequestWithStatus<TMessage | undefined>('/api/reset-password/', {
    method: 'POST',
    body,
    auth: false,
  });
  return { ok: status === 200, message: data?.message };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

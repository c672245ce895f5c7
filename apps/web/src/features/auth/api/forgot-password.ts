/** POST /api/forgot-password/ {email}: sends the reset e-mail (docs/rules.md#sessions). */
import type { TForgotPassword, TMessage } from '@farmaponte/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function forgotPassword(body: TForgotPassword): Promise<TMessage> {
  return apiRequest<TMessage>('/api/forgot-password/', { method: 'POST', body, auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

/** POST /api/forgot-password/ {email}: sends the reset e-mail (spec §7). */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function forgotPassword(body: { email: string }): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/forgot-password/', { method: 'POST', body, auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

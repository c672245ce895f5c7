/** POST /api/user/register/ {username, password, profile} (docs/rules.md#profiles). */
import type { TRegister, TRegistered } from '@farmaponte/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function register(payload: TRegister): Promise<TRegistered> {
  return apiRequest<TRegistered>('/api/user/register/', { method: 'POST', body: payload, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

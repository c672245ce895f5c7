/** POST /api/user/register/ {username, password, profile} (spec §7). */
import type { TRegister } from '@farmaponte/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface TRegisterAnswer {
  id: number;
  username: string;
  role: string;
  message: string;
}

export function register(payload: TRegister): Promise<TRegisterAnswer> {
  return apiRequest<TRegisterAnswer>('/api/user/register/', { method: 'POST', body: payload, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

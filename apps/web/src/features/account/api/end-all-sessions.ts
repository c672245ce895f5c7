/** POST /api/token/revoke-all/: ends every session of the user, this one included (decision 019); 204 is success. */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function endAllSessions(): Promise<void> {
  await apiRequest<void>('/api/token/revoke-all/', { method: 'POST' });
}

export function useEndAllSessions() {
  return useMutation({ mutationFn: endAllSessions });
}

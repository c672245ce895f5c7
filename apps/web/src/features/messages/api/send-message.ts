/** POST /api/applications/{id}/messages/: one message; the thread and the counts are read again. */
import type { TMessageInput, TThreadMessage } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

export function sendMessage(applicationId: number, body: TMessageInput): Promise<TThreadMessage> {
  return apiRequest<TThreadMessage>(`/api/applications/${applicationId}/messages/`, { method: 'POST', body });
}

export function useSendMessage(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMessageInput) => sendMessage(applicationId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKeys.thread(applicationId) }),
  });
}

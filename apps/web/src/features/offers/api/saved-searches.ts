/**
 * 'Avvisami' (decision 028): GET / POST /api/saved-searches/, DELETE /api/saved-searches/{id}/ and the first search offered
 * to a new pharmacist (GET /api/saved-searches/suggestion/, their preferred region). A pharmacist's own, at most 10.
 */
import type { TSavedSearch, TSavedSearchInput, TSavedSearchSuggestion } from '@farmaponte/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { offersKeys } from './query-keys';

export function getSavedSearches(signal?: AbortSignal): Promise<TSavedSearch[]> {
  return apiRequest<TSavedSearch[]>('/api/saved-searches/', { signal });
}

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: offersKeys.savedSearches, queryFn: ({ signal }) => getSavedSearches(signal) });

export function useSavedSearches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...savedSearchesQueryOptions(), enabled });
}

export function getSavedSearchSuggestion(signal?: AbortSignal): Promise<TSavedSearchSuggestion> {
  return apiRequest<TSavedSearchSuggestion>('/api/saved-searches/suggestion/', { signal });
}

export function useSavedSearchSuggestion({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...offersKeys.savedSearches, 'suggestion'],
    queryFn: ({ signal }) => getSavedSearchSuggestion(signal),
    enabled,
  });
}

export function createSavedSearch(body: TSavedSearchInput): Promise<TSavedSearch & { message: string }> {
  return apiRequest('/api/saved-searches/', { method: 'POST', body });
}

export function deleteSavedSearch(id: number): Promise<unknown> {
  return apiRequest(`/api/saved-searches/${id}/`, { method: 'DELETE' });
}

function useSavedSearchesMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersKeys.savedSearches }),
  });
}

export const useCreateSavedSearch = () => useSavedSearchesMutation(createSavedSearch);
export const useDeleteSavedSearch = () => useSavedSearchesMutation(deleteSavedSearch);

/** GET /api/profile-descrizione/: the personal description, loaded each time the dialog opens. */
import type { TDescription } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

export function getDescription(signal?: AbortSignal): Promise<TDescription> {
  return apiRequest<TDescription>('/api/profile-descrizione/', { signal });
}

export const descriptionQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.description,
    queryFn: ({ signal }) => getDescription(signal),
    // Always the server's current text: nothing is kept between two openings of the dialog.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useDescription() {
  return useQuery(descriptionQueryOptions());
}

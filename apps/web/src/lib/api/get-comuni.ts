/** GET /api/geo/comuni/?provincia=XX&q=text: municipality suggestions (docs/rules.md#places), used by registration and profile. */
import type { TComune } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../api-client';
import { sharedKeys } from './query-keys';

export function getComuni(params: { provincia?: string; q: string }, signal?: AbortSignal): Promise<TComune[]> {
  const search = new URLSearchParams();
  if (params.provincia) search.set('provincia', params.provincia);
  search.set('q', params.q);
  return apiRequest<TComune[]>(`/api/geo/comuni/?${search}`, { auth: false, signal });
}

export const comuniQueryOptions = (params: { provincia?: string; q: string }) =>
  queryOptions({
    queryKey: sharedKeys.comuni(params.provincia ?? '', params.q.trim().toLowerCase()),
    queryFn: ({ signal }) => getComuni({ provincia: params.provincia, q: params.q.trim() }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Suggestions only after LIMITS.comuneMinChars characters; a failure is logged, never shown. */
export function useComuni(params: { provincia?: string; q: string }) {
  const enabled = params.q.trim().length >= LIMITS.comuneMinChars;
  const query = useQuery({ ...comuniQueryOptions(params), enabled });
  useEffect(() => {
    if (query.error) console.warn('Caricamento dei comuni non riuscito:', query.error);
  }, [query.error]);
  return { comuni: enabled ? (query.data ?? []) : [], isLoading: enabled && query.isFetching };
}

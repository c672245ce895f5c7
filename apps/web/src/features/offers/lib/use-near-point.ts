/** Where a 'vicino a' search is centred: the comune of that name (from the built-in comuni), for the map's circle. */
import { normalize } from '@farmaponte/shared/places';
import { useQuery } from '@tanstack/react-query';
import { comuniQueryOptions } from '../../../lib/api/get-comuni';

export function useNearPoint(near: string | undefined): { lat: number; lng: number } | null {
  const query = useQuery({ ...comuniQueryOptions({ q: near ?? '' }), enabled: Boolean(near) });
  if (!near) return null;
  const comune = query.data?.find((candidate) => normalize(candidate.nome) === normalize(near));
  return comune ? { lat: comune.lat, lng: comune.lng } : null;
}

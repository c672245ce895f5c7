/**
 * 'Luogo di nascita': a place picked from GET /api/places/birth-places/?q= (a comune, or a foreign state); the value
 * is the codice catastale of the place picked.
 */
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import type { TBirthPlace } from '../../../lib/api/engagement';
import { useBirthPlaces } from '../api/professional-file';
import { birthPlaceLabel } from '../lib/file-form-values';
import { PlaceField, type TPlaceFieldProps, type TPlaceKind } from './place-field';

const BIRTH_PLACE: TPlaceKind = {
  id: 'luogo-nascita',
  name: 'birth_place_code',
  label: T.birthPlaceLabel,
  placeholder: T.birthPlacePlaceholder,
  hint: T.birthPlaceHint,
  noneHint: T.birthPlaceNone,
  useSearch: function useBirthPlaceSearch(query) {
    const places = useBirthPlaces(query);
    return {
      options: (places.data ?? []).map((place) => ({
        value: place.code,
        label: place.name,
        detail: place.province || undefined,
      })),
      loading: places.isFetching,
      answered: places.isSuccess,
    };
  },
};

export function BirthPlaceField({ initial, ...field }: TPlaceFieldProps<TBirthPlace>) {
  return <PlaceField kind={BIRTH_PLACE} initialLabel={birthPlaceLabel(initial)} {...field} />;
}

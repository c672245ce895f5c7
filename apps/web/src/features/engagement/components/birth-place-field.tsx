/**
 * 'Luogo di nascita': a place picked from GET /api/places/birth-places/?q= (a comune, or a foreign state); the value
 * is the codice catastale of the place picked.
 */
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import type { TBirthPlace } from '../../../lib/api/engagement';
import { useBirthPlaces } from '../api/professional-file';
import { birthPlaceLabel } from '../lib/file-form-values';
import { PlaceField, type TPlaceSearch } from './place-field';

function useBirthPlaceSearch(query: string): TPlaceSearch {
  const places = useBirthPlaces(query);
  return {
    options: (places.data ?? []).map((place) => ({ value: place.code, label: place.name, detail: place.province || undefined })),
    loading: places.isFetching,
    answered: places.isSuccess,
  };
}

export function BirthPlaceField({
  initial,
  onChange,
  error,
}: {
  /** The place stored in the file, shown at first. */
  initial: TBirthPlace | null;
  /** The codice catastale picked, or '' when the text names none. */
  onChange: (code: string) => void;
  error?: string;
}) {
  return (
    <PlaceField
      id="luogo-nascita"
      name="birth_place_code"
      label={T.birthPlaceLabel}
      placeholder={T.birthPlacePlaceholder}
      hint={T.birthPlaceHint}
      noneHint={T.birthPlaceNone}
      initialLabel={birthPlaceLabel(initial)}
      useSearch={useBirthPlaceSearch}
      onChange={onChange}
      error={error}
    />
  );
}

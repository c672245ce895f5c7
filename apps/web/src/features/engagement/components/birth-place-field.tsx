/**
 * 'Luogo di nascita': a combobox over GET /api/places/birth-places/?q= (a comune, or a foreign state). The field's
 * value is the codice catastale of the place picked; typing again forgets it until another place is picked.
 */
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { useState } from 'react';
import { Combobox, type TComboboxOption } from '../../../components/ui/combobox';
import type { TBirthPlace } from '../../../lib/api/engagement';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useBirthPlaces } from '../api/professional-file';
import { birthPlaceLabel } from '../lib/file-form-values';

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
  const [text, setText] = useState(() => birthPlaceLabel(initial));
  const [picked, setPicked] = useState(() => birthPlaceLabel(initial));
  const query = useDebouncedValue(text, 250);
  const places = useBirthPlaces(text === picked ? '' : query);
  const options: TComboboxOption[] = (places.data ?? []).map((place) => ({
    value: place.code,
    label: place.name,
    detail: place.province || undefined,
  }));
  const nothingFound = text !== picked && query.trim().length >= 2 && places.isSuccess && options.length === 0;
  return (
    <Combobox
      id="luogo-nascita"
      name="birth_place_code"
      label={T.birthPlaceLabel}
      placeholder={T.birthPlacePlaceholder}
      hint={nothingFound ? T.birthPlaceNone : T.birthPlaceHint}
      error={error}
      inputValue={text}
      loading={places.isFetching}
      options={options}
      openOnFocus={false}
      onInputChange={(next) => {
        setText(next);
        onChange('');
      }}
      onSelect={(option) => {
        const label = birthPlaceLabel({ code: option.value, name: option.label, province: option.detail ?? '' });
        setText(label);
        setPicked(label);
        onChange(option.value);
      }}
    />
  );
}

/**
 * A place picked from a search (the professional file's 'Luogo di nascita' and domicilio fiscale's 'Comune'): a
 * combobox over the search of its kind, whose value is the code of the place picked; typing again forgets it
 * until another is picked. The stored place is shown at first and not searched for, so opening the form asks nothing.
 */
import { type ReactNode, useState } from 'react';
import { Combobox, type TComboboxOption } from '../../../components/ui/combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { placeLabel } from '../lib/file-form-values';

/** What a search answered for the text: the places (value = the code, detail = the province), whether it is asking. */
export type TPlaceSearch = { options: TComboboxOption[]; loading: boolean; answered: boolean };

/** What a kind of place is: its field's id, name and texts, and the search that finds it. */
export type TPlaceKind = {
  id: string;
  name: string;
  label: ReactNode;
  placeholder: string;
  hint: ReactNode;
  /** The hint when at least two letters found nothing. */
  noneHint: ReactNode;
  /** The search (a query hook): '' asks nothing. */
  useSearch: (query: string) => TPlaceSearch;
};

/** A place field's own props: the stored place, the code picked ('' when the text names none), the error. */
export type TPlaceFieldProps<TStored> = { initial: TStored | null; onChange: (code: string) => void; error?: string };

export function PlaceField({
  kind,
  initialLabel,
  onChange,
  error,
}: {
  kind: TPlaceKind;
  /** The stored place's label, '' when none. */
  initialLabel: string;
  onChange: (code: string) => void;
  error?: string;
}) {
  const [text, setText] = useState(initialLabel);
  const [picked, setPicked] = useState(initialLabel);
  const query = useDebouncedValue(text, 250);
  const found = kind.useSearch(text === picked ? '' : query);
  const nothingFound = text !== picked && query.trim().length >= 2 && found.answered && found.options.length === 0;
  return (
    <Combobox
      id={kind.id}
      name={kind.name}
      label={kind.label}
      placeholder={kind.placeholder}
      hint={nothingFound ? kind.noneHint : kind.hint}
      error={error}
      inputValue={text}
      loading={found.loading}
      options={found.options}
      openOnFocus={false}
      onInputChange={(next) => {
        setText(next);
        onChange('');
      }}
      onSelect={(option) => {
        const chosen = placeLabel(option.label, option.detail);
        setText(chosen);
        setPicked(chosen);
        onChange(option.value);
      }}
    />
  );
}

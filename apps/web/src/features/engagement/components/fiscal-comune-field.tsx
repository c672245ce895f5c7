/**
 * 'Comune' of the domicilio fiscale (decision 095): a combobox over GET /api/geo/comuni/ (the project's comune search)
 * whose value is the ISTAT code of the comune picked; typing again forgets it until another is picked.
 */
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { useState } from 'react';
import { Combobox, type TComboboxOption } from '../../../components/ui/combobox';
import { useComuni } from '../../../lib/api/get-comuni';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const labelOf = (comune: { comune: string; provincia: string } | null) =>
  comune?.comune ? `${comune.comune} (${comune.provincia})` : '';

export function FiscalComuneField({
  initial,
  onChange,
  error,
}: {
  /** The comune stored in the file, shown at first. */
  initial: { comune: string; provincia: string } | null;
  /** The ISTAT code picked, or '' when the text names none. */
  onChange: (istat: string) => void;
  error?: string;
}) {
  const [text, setText] = useState(() => labelOf(initial));
  const [picked, setPicked] = useState(() => labelOf(initial));
  const query = useDebouncedValue(text, 250);
  const { comuni, isLoading } = useComuni({ q: text === picked ? '' : query });
  const options: TComboboxOption[] = comuni.map((c) => ({ value: c.istat, label: c.nome, detail: c.sigla }));
  const nothingFound = text !== picked && query.trim().length >= 2 && !isLoading && options.length === 0;
  return (
    <Combobox
      id="fascicolo-fiscal_comune_istat"
      name="fiscal_comune_istat"
      label={T.fiscalComuneLabel}
      placeholder={T.fiscalComunePlaceholder}
      hint={nothingFound ? T.fiscalComuneNone : T.fiscalComuneHint}
      error={error}
      inputValue={text}
      loading={isLoading}
      options={options}
      openOnFocus={false}
      onInputChange={(next) => {
        setText(next);
        onChange('');
      }}
      onSelect={(option) => {
        const label = labelOf({ comune: option.label, provincia: option.detail ?? '' });
        setText(label);
        setPicked(label);
        onChange(option.value);
      }}
    />
  );
}

/**
 * 'Comune' of the domicilio fiscale (decision 095): a place picked from GET /api/geo/comuni/ (the project's comune
 * search); the value is the ISTAT code of the comune picked.
 */
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { useComuni } from '../../../lib/api/get-comuni';
import { placeLabel } from '../lib/file-form-values';
import { PlaceField, type TPlaceFieldProps, type TPlaceKind } from './place-field';

const FISCAL_COMUNE: TPlaceKind = {
  id: 'fascicolo-fiscal_comune_istat',
  name: 'fiscal_comune_istat',
  label: T.fiscalComuneLabel,
  placeholder: T.fiscalComunePlaceholder,
  hint: T.fiscalComuneHint,
  noneHint: T.fiscalComuneNone,
  useSearch: function useComuneSearch(query) {
    const { comuni, isLoading } = useComuni({ q: query });
    return {
      options: comuni.map((c) => ({ value: c.istat, label: c.nome, detail: c.sigla })),
      loading: isLoading,
      answered: !isLoading,
    };
  },
};

export function FiscalComuneField({ initial, ...field }: TPlaceFieldProps<{ comune: string; provincia: string }>) {
  return (
    <PlaceField
      kind={FISCAL_COMUNE}
      initialLabel={initial?.comune ? placeLabel(initial.comune, initial.provincia) : ''}
      {...field}
    />
  );
}

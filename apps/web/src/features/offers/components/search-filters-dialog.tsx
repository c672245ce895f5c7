/**
 * The filters of /cerca_offerte in a dialog (a sheet on a phone): where (near a comune within a radius, or a region,
 * province, comune), when, at what minimum pay, how long. Nothing is searched while the user types: 'Mostra le
 * offerte' writes the filters into the URL, so back, reload and a shared link find the same offers.
 */
import { LIMITS } from '@farmaponte/shared/limits';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { PAY_SEARCH_TEXT } from '@farmaponte/shared/ui-text-pay-search';
import { SEARCH_TEXT } from '@farmaponte/shared/ui-text-search';
import { type FormEvent, type RefObject, useState } from 'react';
import { ComuneField, ProvinceField, RegionField } from '../../../components/places/place-fields';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { DEFAULT_RADIUS_KM, SEARCH_MIN_TOTAL_MAX, type TSearchFilterName, type TSearchFilters } from '../lib/search-filters';

const RADII_KM = [5, 10, 20, 30, 50, 100, 200, LIMITS.searchRadiusMaxKm];

export interface TSearchFiltersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: TSearchFilters;
  onApply: (filters: TSearchFilters) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** Loaded on first use (decision 001): Radix, the place fields and their suggestions stay out of the first load. */
export default function SearchFiltersDialog({ open, onOpenChange, filters, onApply, returnFocusRef }: TSearchFiltersDialogProps) {
  return (
    <Dialog
      open={open}
      returnFocusRef={returnFocusRef}
      onOpenChange={onOpenChange}
      title={SEARCH_TEXT.searchFiltersTitle}
      description={SEARCH_TEXT.searchFiltersDescription}
      className="max-sm:top-auto max-sm:bottom-0 max-sm:max-h-[92dvh] max-sm:w-full max-sm:translate-y-0 max-sm:rounded-b-none"
    >
      {/* A new form at every opening starts from the search on screen. */}
      {open ? <FiltersForm filters={filters} onApply={onApply} /> : null}
    </Dialog>
  );
}

function FiltersForm({ filters, onApply }: { filters: TSearchFilters; onApply: (filters: TSearchFilters) => void }) {
  const [draft, setDraft] = useState<TSearchFilters>(filters);
  const set = (name: TSearchFilterName) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, radius_km: draft.near ? (draft.radius_km ?? String(DEFAULT_RADIUS_KM)) : undefined });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">{SEARCH_TEXT.searchWhereLegend}</legend>
        <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-3">
          {/* Focused when the sheet opens, often with a comune in it: its suggestions wait for the user to type. */}
          <ComuneField
            label={SEARCH_TEXT.searchNearLabel}
            name="near"
            openOnFocus={false}
            value={draft.near ?? ''}
            onChange={set('near')}
          />
          <SelectField
            label={SEARCH_TEXT.searchRadiusLabel}
            name="radius_km"
            value={draft.radius_km ?? String(DEFAULT_RADIUS_KM)}
            onChange={(event) => set('radius_km')(event.target.value)}
          >
            {RADII_KM.map((km) => (
              <option key={km} value={km}>
                {SEARCH_TEXT.searchRadiusOption(km)}
              </option>
            ))}
          </SelectField>
        </div>
        <RegionField
          label={SEARCH_TEXT.searchRegionLabel}
          name="region"
          limit={20}
          value={draft.region ?? ''}
          onChange={(region) => setDraft((current) => ({ ...current, region, province: '' }))}
        />
        <ProvinceField
          label={SEARCH_TEXT.searchProvinceLabel}
          name="province"
          region={draft.region ?? ''}
          value={draft.province ?? ''}
          onChange={set('province')}
        />
        <ComuneField
          label={SEARCH_TEXT.searchComuneLabel}
          name="comune"
          provincia={draft.province || undefined}
          openOnFocus={false}
          value={draft.comune ?? ''}
          onChange={set('comune')}
        />
      </fieldset>
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">{SEARCH_TEXT.searchWhenLegend}</legend>
        <TextField
          type="date"
          label={SEARCH_TEXT.searchFromLabel}
          name="from"
          value={draft.from ?? ''}
          onChange={(event) => set('from')(event.target.value)}
        />
        <TextField
          type="date"
          label={SEARCH_TEXT.searchToLabel}
          name="to"
          min={draft.from || undefined}
          value={draft.to ?? ''}
          onChange={(event) => set('to')(event.target.value)}
        />
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          type="number"
          inputMode="decimal"
          min={0}
          max={LIMITS.hourlyPayMax}
          step={0.5}
          label={SEARCH_TEXT.searchMinPayLabel}
          name="min_pay"
          value={draft.min_pay ?? ''}
          onChange={(event) => set('min_pay')(event.target.value)}
        />
        <TextField
          type="number"
          inputMode="decimal"
          min={0}
          max={SEARCH_MIN_TOTAL_MAX}
          step={10}
          label={PAY_SEARCH_TEXT.minTotalLabel}
          name="min_total"
          value={draft.min_total ?? ''}
          onChange={(event) => set('min_total')(event.target.value)}
        />
        <SelectField
          label={SEARCH_TEXT.searchKindLabel}
          name="kind"
          value={draft.kind ?? ''}
          onChange={(event) => set('kind')(event.target.value)}
        >
          <option value="">{SEARCH_TEXT.searchKindAny}</option>
          <option value="single">{SEARCH_TEXT.searchKindSingle}</option>
          <option value="multi">{SEARCH_TEXT.searchKindMulti}</option>
        </SelectField>
        <SelectField
          label={ENGAGEMENT_TEXT.searchLegalFormLabel}
          name="forma"
          value={draft.forma ?? ''}
          onChange={(event) => set('forma')(event.target.value)}
          className="col-span-2 sm:col-span-1"
        >
          <option value="">{ENGAGEMENT_TEXT.searchLegalFormAny}</option>
          <option value="dipendente">{ENGAGEMENT_TEXT.searchLegalFormEmployee}</option>
          <option value="libera_professione">{ENGAGEMENT_TEXT.searchLegalFormFreelance}</option>
        </SelectField>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={() => onApply({ sort: filters.sort })}>
          {SEARCH_TEXT.searchClear}
        </Button>
        <Button type="submit">{SEARCH_TEXT.searchApply}</Button>
      </div>
    </form>
  );
}

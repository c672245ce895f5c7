/**
 * "Paga e condizioni" on the offer form (decision 094): night service and from when, a freelancer's own fees (only
 * when the offer takes freelancers), local holidays among the offer's days, travel, lodging and the bounds of a
 * negotiation. Each group is a fieldset with its legend; the server's refusals sit under the field they name.
 */
import { LIMITS } from '@farmaponte/shared/limits';
import { PAY_TEXT as T } from '@farmaponte/shared/ui-text-pay';
import { useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { RadioCard } from '../../../components/ui/radio-card';
import { formatDate } from '../../../lib/dates';
import { fieldErrorText } from '../../../lib/form-errors';
import type { TOfferFormValues, TOfferPayload } from '../lib/offer-form-values';
import type { TTravelChoice } from '../lib/pay-terms-form';

type TForm = UseFormReturn<TOfferFormValues, unknown, TOfferPayload>;

const TRAVEL_CHOICES: { value: TTravelChoice; label: string }[] = [
  { value: '', label: T.travelModes.nessuno },
  { value: 'fisso', label: T.travelModes.fisso },
  { value: 'km', label: T.travelModes.km },
];

const GROUP = 'flex min-w-0 flex-col gap-3';
const LEGEND = 'mb-1.5 text-sm font-semibold text-slate-900';
const euroInput = { type: 'number', inputMode: 'decimal', step: 0.01, min: 0, autoComplete: 'off' } as const;

export function PayTermsFields({ form, dateFrom, dateTo }: { form: TForm; dateFrom: string; dateTo: string }) {
  const { register, control, setValue } = form;
  const errors = form.formState.errors.pay_terms;
  const [choice, nightService, travelMode, lodgingNights, feeHourly] = useWatch({
    control,
    name: ['legal_form', 'pay_terms.night_service', 'pay_terms.travel_mode', 'pay_terms.lodging_nights', 'pay_terms.fee_hourly'],
  });
  const freelance = choice !== 'dipendente';
  const error = (name: keyof NonNullable<typeof errors>) =>
    fieldErrorText((errors?.[name] as { message?: string } | undefined)?.message);

  return (
    <fieldset className="flex min-w-0 flex-col gap-5 rounded-lg border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{T.sectionLegend}</legend>
      <p className="-mt-2 text-xs text-slate-600">{T.sectionIntro}</p>

      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={T.nightServiceLabel} error={error('night_service')} {...register('pay_terms.night_service')}>
          <option value="">{T.nightServiceNone}</option>
          <option value="battenti_aperti">{T.nightServices.battenti_aperti}</option>
          <option value="battenti_chiusi">{T.nightServices.battenti_chiusi}</option>
        </SelectField>
        {nightService ? (
          <TextField
            label={T.nightFromLabel}
            type="time"
            hint={T.nightFromHint}
            error={error('night_from')}
            {...register('pay_terms.night_from')}
          />
        ) : null}
      </div>

      {freelance ? (
        <fieldset className={GROUP}>
          <legend className={LEGEND}>{T.freelanceLegend}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {choice === 'entrambe' || feeHourly ? (
              <TextField
                label={T.feeHourlyLabel}
                hint={T.feeHourlyHint}
                error={error('fee_hourly')}
                {...euroInput}
                min={LIMITS.hourlyPayMin}
                max={LIMITS.hourlyPayMax}
                {...register('pay_terms.fee_hourly')}
              />
            ) : null}
            <TextField
              label={T.nightFeeLabel}
              hint={T.ownFeeHint}
              error={error('night_fee')}
              {...euroInput}
              min={LIMITS.hourlyPayMin}
              max={LIMITS.hourlyPayMax}
              {...register('pay_terms.night_fee')}
            />
            <TextField
              label={T.holidayFeeLabel}
              hint={T.ownFeeHint}
              error={error('holiday_fee')}
              {...euroInput}
              min={LIMITS.hourlyPayMin}
              max={LIMITS.hourlyPayMax}
              {...register('pay_terms.holiday_fee')}
            />
          </div>
        </fieldset>
      ) : null}

      <ExtraHolidays
        form={form}
        dateFrom={dateFrom}
        dateTo={dateTo}
        error={error('extra_holidays')}
        onChange={(days) => setValue('pay_terms.extra_holidays', days, { shouldDirty: true })}
      />

      <fieldset className={GROUP}>
        <legend className={LEGEND}>{T.travelLegend}</legend>
        <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-3">
          {TRAVEL_CHOICES.map((option) => (
            <RadioCard key={option.value} value={option.value} label={option.label} {...register('pay_terms.travel_mode')} />
          ))}
        </div>
        {travelMode === 'fisso' ? (
          <TextField
            label={T.travelAmountLabel}
            error={error('travel_amount')}
            {...euroInput}
            max={LIMITS.travelAmountMax}
            className="sm:max-w-48"
            {...register('pay_terms.travel_amount')}
          />
        ) : travelMode === 'km' ? (
          <div className="grid grid-cols-2 gap-3 sm:max-w-md">
            <TextField
              label={T.travelPerKmLabel}
              hint={T.travelPerKmHint}
              error={error('travel_per_km')}
              {...euroInput}
              max={LIMITS.travelPerKmMax}
              {...register('pay_terms.travel_per_km')}
            />
            <TextField
              label={T.travelCapLabel}
              hint={T.travelCapHint}
              error={error('travel_cap')}
              {...euroInput}
              min={1}
              max={LIMITS.travelAmountMax}
              {...register('pay_terms.travel_cap')}
            />
          </div>
        ) : null}
        {travelMode ? (
          <CheckboxField label={T.travelPerDayLabel} hint={T.travelPerDayHint} {...register('pay_terms.travel_per_day')} />
        ) : null}
      </fieldset>

      <fieldset className={GROUP}>
        <legend className={LEGEND}>{T.lodgingLegend}</legend>
        <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <TextField
            label={T.lodgingNightsLabel}
            type="number"
            inputMode="numeric"
            min={1}
            max={LIMITS.lodgingNightsMax}
            step={1}
            error={error('lodging_nights')}
            {...register('pay_terms.lodging_nights')}
          />
          {lodgingNights ? (
            <TextField
              label={T.lodgingNoteLabel}
              placeholder={T.lodgingNotePlaceholder}
              maxLength={LIMITS.lodgingNoteMaxLength}
              autoComplete="off"
              error={error('lodging_note')}
              {...register('pay_terms.lodging_note')}
            />
          ) : null}
        </div>
      </fieldset>

      <fieldset className={GROUP}>
        <legend className={LEGEND}>{T.negotiationLegend}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={T.negotiationMaxHourlyLabel}
            hint={T.negotiationMaxHourlyHint}
            error={error('negotiation_max_hourly')}
            {...euroInput}
            min={LIMITS.hourlyPayMin}
            max={LIMITS.hourlyPayMax}
            {...register('pay_terms.negotiation_max_hourly')}
          />
          <TextField
            label={T.negotiationMaxTravelLabel}
            hint={T.negotiationMaxTravelHint}
            error={error('negotiation_max_travel')}
            {...euroInput}
            max={LIMITS.travelAmountMax}
            {...register('pay_terms.negotiation_max_travel')}
          />
        </div>
      </fieldset>
    </fieldset>
  );
}

/** Local holidays: a day among the offer's, added to a list; each one can be taken away. */
function ExtraHolidays({
  form,
  dateFrom,
  dateTo,
  error,
  onChange,
}: {
  form: TForm;
  dateFrom: string;
  dateTo: string;
  error?: string;
  onChange: (days: string[]) => void;
}) {
  const days = useWatch({ control: form.control, name: 'pay_terms.extra_holidays' }) ?? [];
  const [draft, setDraft] = useState('');
  const within = Boolean(draft && dateFrom && dateTo && draft >= dateFrom && draft <= dateTo);
  const full = days.length >= LIMITS.extraHolidaysMax;
  const add = () => {
    if (!within || days.includes(draft) || full) return;
    onChange([...days, draft].sort());
    setDraft('');
  };
  return (
    <fieldset className={GROUP}>
      <legend className={LEGEND}>{T.extraHolidaysLegend}</legend>
      <p className="-mt-2 text-xs text-slate-600">{dateFrom ? T.extraHolidaysHint : T.extraHolidaysNeedDates}</p>
      {dateFrom ? (
        <div className="flex items-end gap-2">
          <TextField
            label={T.extraHolidayDayLabel}
            type="date"
            min={dateFrom}
            max={dateTo || dateFrom}
            value={draft}
            error={error}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            className="min-w-0 flex-1 sm:max-w-56"
          />
          <Button type="button" variant="secondary" disabled={!within || full} onClick={add} className="min-h-11">
            {T.extraHolidayAdd}
          </Button>
        </div>
      ) : null}
      {days.length ? (
        <ul className="flex flex-wrap gap-2">
          {days.map((day) => (
            <li key={day}>
              <button
                type="button"
                onClick={() => onChange(days.filter((d) => d !== day))}
                aria-label={T.extraHolidayRemove(formatDate(day))}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-slate-300 bg-slate-50 px-3 text-sm text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-700"
              >
                {formatDate(day)}
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

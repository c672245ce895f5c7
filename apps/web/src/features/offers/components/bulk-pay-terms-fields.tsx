/**
 * 'Pubblica più turni' (decision 090) with the simple part of "Paga e condizioni" (decision 094): night service, a
 * freelancer's night and holiday fees, a fixed travel sum and the bound of a negotiation, the same on every day. The
 * rest (local holidays, travel by the kilometre, lodging) is set on each offer afterwards, or in the CSV.
 */
import { LIMITS } from '@farmaponte/shared/limits';
import { PAY_TEXT as T } from '@farmaponte/shared/ui-text-pay';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import type { TPayTermsFormValues } from '../lib/pay-terms-form';

const euroInput = { type: 'number', inputMode: 'decimal', step: 0.01, min: 0, autoComplete: 'off' } as const;

export function BulkPayTermsFields({
  value,
  onChange,
  freelance,
  problems,
}: {
  value: TPayTermsFormValues;
  onChange: (value: TPayTermsFormValues) => void;
  /** The template takes freelancers: their own fees are asked. */
  freelance: boolean;
  /** The server's refusals by field (`pay_terms.night_fee`). */
  problems: Record<string, string | undefined>;
}) {
  const set =
    <K extends keyof TPayTermsFormValues>(name: K) =>
    (next: TPayTermsFormValues[K]) =>
      onChange({ ...value, [name]: next });
  const text = (name: 'night_from' | 'night_fee' | 'holiday_fee' | 'travel_amount' | 'negotiation_max_hourly') => ({
    id: `condizioni-${name}`,
    value: value[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
    error: problems[`pay_terms.${name}`],
  });
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4 sm:col-span-2">
      <legend className="px-1 text-base font-semibold text-slate-900">{T.sectionLegend}</legend>
      <p className="-mt-2 text-xs text-slate-600">{T.bulkTermsHint}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="condizioni-notte"
          label={T.nightServiceLabel}
          value={value.night_service}
          error={problems['pay_terms.night_service']}
          onChange={(event) => set('night_service')(event.target.value as TPayTermsFormValues['night_service'])}
        >
          <option value="">{T.nightServiceNone}</option>
          <option value="battenti_aperti">{T.nightServices.battenti_aperti}</option>
          <option value="battenti_chiusi">{T.nightServices.battenti_chiusi}</option>
        </SelectField>
        {value.night_service ? (
          <TextField label={T.nightFromLabel} type="time" hint={T.nightFromHint} {...text('night_from')} />
        ) : null}
        {freelance ? (
          <>
            <TextField
              label={T.nightFeeFreelanceLabel}
              hint={T.ownFeeHint}
              {...euroInput}
              min={LIMITS.hourlyPayMin}
              max={LIMITS.hourlyPayMax}
              {...text('night_fee')}
            />
            <TextField
              label={T.holidayFeeFreelanceLabel}
              hint={T.ownFeeHint}
              {...euroInput}
              min={LIMITS.hourlyPayMin}
              max={LIMITS.hourlyPayMax}
              {...text('holiday_fee')}
            />
          </>
        ) : null}
        <div className="flex flex-col gap-2">
          <TextField
            label={T.travelFixedLabel}
            hint={T.travelNoneHint}
            {...euroInput}
            max={LIMITS.travelAmountMax}
            {...text('travel_amount')}
            onChange={(event) =>
              onChange({ ...value, travel_amount: event.target.value, travel_mode: event.target.value.trim() ? 'fisso' : '' })
            }
          />
          {value.travel_mode ? (
            <CheckboxField
              id="condizioni-viaggio-ogni-giorno"
              label={T.travelPerDayLabel}
              checked={value.travel_per_day}
              onChange={(event) => set('travel_per_day')(event.target.checked)}
            />
          ) : null}
        </div>
        <TextField
          label={T.negotiationMaxHourlyLabel}
          hint={T.negotiationMaxHourlyHint}
          {...euroInput}
          min={LIMITS.hourlyPayMin}
          max={LIMITS.hourlyPayMax}
          {...text('negotiation_max_hourly')}
        />
      </div>
    </fieldset>
  );
}

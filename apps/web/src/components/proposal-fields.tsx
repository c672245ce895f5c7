/**
 * The fields of a proposal or a counter (decision 094): the hourly, the travel (only when the offer negotiates it) and
 * the reason, each with its bound in the hint and its error under it. Kept as text, so '32,50' is read as Italians
 * write it; lib/proposal-check.ts checks them as the server does.
 */
import { LIMITS } from '@farmaponte/shared/limits';
import type { Ref } from 'react';
import type { TProposalErrors, TProposalValues } from '../lib/proposal-check';
import { TextareaField, TextField } from './ui/field';

export const EMPTY_PROPOSAL: TProposalValues = { hourly_pay: '', travel_amount: '', reason: '' };

export function ProposalFields({
  values,
  onChange,
  errors,
  labels,
  showTravel,
  firstFieldRef,
}: {
  values: TProposalValues;
  onChange: (values: TProposalValues) => void;
  errors: TProposalErrors;
  labels: { hourly: string; hourlyHint: string; travel: string; travelHint: string; reason: string; reasonHint?: string };
  showTravel: boolean;
  firstFieldRef?: Ref<HTMLInputElement>;
}) {
  const set = (field: keyof TProposalValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value });
  return (
    <div className="flex flex-col gap-3">
      <TextField
        ref={firstFieldRef}
        label={labels.hourly}
        hint={labels.hourlyHint}
        error={errors.hourly_pay}
        inputMode="decimal"
        autoComplete="off"
        value={values.hourly_pay}
        onChange={set('hourly_pay')}
      />
      {showTravel ? (
        <TextField
          label={labels.travel}
          hint={labels.travelHint}
          error={errors.travel_amount}
          inputMode="decimal"
          autoComplete="off"
          value={values.travel_amount}
          onChange={set('travel_amount')}
        />
      ) : null}
      <TextareaField
        label={labels.reason}
        hint={labels.reasonHint}
        error={errors.reason}
        rows={2}
        maxLength={LIMITS.proposalReasonMaxLength}
        value={values.reason}
        onChange={set('reason')}
        className="[&_textarea]:min-h-20"
      />
    </div>
  );
}

/** Focuses the first field with an error, in the fields' order. */
export function focusFirstError(container: HTMLElement | null) {
  container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

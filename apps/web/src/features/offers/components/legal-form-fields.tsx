/**
 * 'Forma di lavoro' (decision 093): three radio cards, the CCNL level for an employee, and the answer to the question
 * owners ask ('E la prestazione occasionale?') with its source, always at hand under the choice. The server's refusal
 * (400 legal_form_not_allowed, legal_form_invalid, ccnl_level_invalid) sits under the choice it concerns.
 */
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { useId } from 'react';
import { SelectField } from '../../../components/ui/field';
import { RadioCard } from '../../../components/ui/radio-card';
import { CCNL_LEVEL_OPTIONS, includesEmployee, LEGAL_FORM_CHOICES, type TLegalFormValue } from '../lib/legal-form-choice';

export function LegalFormFields({
  value,
  onChange,
  error,
  levelError,
  idPrefix = 'forma',
}: {
  value: TLegalFormValue;
  onChange: (value: TLegalFormValue) => void;
  error?: string;
  levelError?: string;
  /** The ids of the radios and the select (`forma-dipendente`, `forma-livello`). */
  idPrefix?: string;
}) {
  const legendId = useId();
  const errorId = `${idPrefix}-errore`;
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-3"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend id={legendId} className="mb-1.5 text-sm font-medium text-slate-800">
        {T.legalFormLegend}
      </legend>
      <div className="grid gap-2">
        {LEGAL_FORM_CHOICES.map((choice) => (
          <RadioCard
            key={choice}
            id={`${idPrefix}-${choice}`}
            name={`${idPrefix}-scelta`}
            value={choice}
            checked={value.choice === choice}
            onChange={() => onChange({ ...value, choice })}
            invalid={Boolean(error)}
            label={T.legalFormChoices[choice]}
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {includesEmployee(value.choice) ? (
        <SelectField
          id={`${idPrefix}-livello`}
          label={T.ccnlLevelLabel}
          hint={T.ccnlLevelHint}
          error={levelError}
          value={value.level}
          onChange={(event) => onChange({ ...value, level: event.target.value })}
          className="sm:max-w-md"
        >
          {CCNL_LEVEL_OPTIONS.map((level) => (
            <option key={level.value} value={level.value}>
              {level.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <details className="rounded-lg border border-slate-200 bg-slate-50 px-3 text-sm text-slate-800">
        <summary className="min-h-11 cursor-pointer py-2.5 font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700">
          {T.occasionalQuestion}
        </summary>
        <p className="pb-2">{T.occasionalAnswer}</p>
        <p className="pb-3 text-xs text-slate-600">
          {T.sourceLabel} {T.occasionalSource}
        </p>
      </details>
    </fieldset>
  );
}

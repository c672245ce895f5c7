/**
 * A person's role (radios, each with what it may do) and, for a responsabile or a consultazione, the pharmacies they
 * act for (checkboxes); a titolare acts for every one. Used by the invitation and by a member's change.
 */
import { MEMBER_ROLES, type TOrganisationPharmacy } from '@farmaponte/shared/organisation';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { useId } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { cn } from '../../../lib/cn';
import { fieldErrorText } from '../../../lib/form-errors';
import type { TRoleFormValues } from '../lib/form-values';

const CHOICE =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-800 ' +
  'has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 ' +
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-700';
const INPUT = 'mt-0.5 size-5 shrink-0 accent-emerald-700 focus-visible:outline-none';

export function RoleFields<T extends TRoleFormValues, TOutput>({
  register,
  control,
  errors,
  pharmacies,
}: {
  register: UseFormRegister<T>;
  control: Control<T, unknown, TOutput>;
  errors: FieldErrors<T>;
  pharmacies: readonly Pick<TOrganisationPharmacy, 'id' | 'name' | 'comune'>[];
}) {
  const reg = register as unknown as UseFormRegister<TRoleFormValues>;
  const role = useWatch({ control: control as unknown as Control<TRoleFormValues>, name: 'role' });
  const failures = errors as FieldErrors<TRoleFormValues>;
  const pharmaciesError = fieldErrorText(failures.pharmacy_ids?.message ?? failures.pharmacy_ids?.root?.message);
  const errorId = useId();
  const hintId = useId();
  return (
    <>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{T.roleLegend}</legend>
        {MEMBER_ROLES.map((value) => (
          <label key={value} className={CHOICE}>
            <input type="radio" value={value} className={INPUT} {...reg('role')} />
            <span>
              <span className="block font-semibold text-slate-900">{T.roleNames[value]}</span>
              <span className="block text-slate-700">{T.roleDescriptions[value]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {role === 'titolare' ? null : (
        <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={cn(hintId, pharmaciesError && errorId)}>
          <legend className="mb-1 text-sm font-medium text-slate-800">{T.pharmaciesLegend}</legend>
          <p id={hintId} className="text-xs text-slate-600">
            {T.pharmaciesHint}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {pharmacies.map((pharmacy) => (
              <label key={pharmacy.id} className={cn(CHOICE, 'items-center')}>
                <input type="checkbox" value={String(pharmacy.id)} className={INPUT} {...reg('pharmacy_ids')} />
                <span className="min-w-0 break-words">{T.pharmacyOption(pharmacy.name, pharmacy.comune)}</span>
              </label>
            ))}
          </div>
          {pharmaciesError ? (
            <p id={errorId} className="text-sm font-medium text-red-700">
              {pharmaciesError}
            </p>
          ) : null}
        </fieldset>
      )}
    </>
  );
}

/**
 * The profile's fields, as the registration and the profile page both show them: one component per section, so a
 * field is drawn, labelled and chained (region → province → comune) in one place. The registration names its fields
 * flat (`name`), the profile page under `profile.` (`profile.name`); `mode` says which of the two is asking.
 */
import { readOnlyProfileFields, type TProfileFieldName, type TRole } from '@farmaponte/shared';
import { todayInItaly } from '@farmaponte/shared/dates';
import { LIMITS } from '@farmaponte/shared/limits';
import { provincesOf } from '@farmaponte/shared/places';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { latestAdultBirthDate } from '../../lib/dates';
import { fieldErrorText } from '../../lib/form-errors';
import { ComuneField, ProvinceField, RegionField } from '../places/place-fields';
import { TextField } from '../ui/field';
import { FormSection } from '../ui/form-section';
import { PharmacyCard, PharmacyPicker } from './pharmacy-picker';

export interface TProfileFieldsProps {
  /** The form, whatever its values' type: the fields are addressed by name. */
  form: UseFormReturn<FieldValues>;
  /** 'register': every field is writable and the role's sections come and go with the role (shouldUnregister).
   *  'profile': the fields read-only after registration (shared `readOnlyProfileFields`) are shown, not edited. */
  mode: 'register' | 'profile';
  /** In 'profile' mode, whose read-only fields to show as such. */
  role?: TRole;
  /** In 'profile' mode, an owner an admin has verified: the pharmacy and the VAT number are shown, not edited. */
  verified?: boolean;
  children?: ReactNode;
}

/** The form's name of a profile field, and what the form says of it. */
function useProfileField({ form, mode, role }: TProfileFieldsProps) {
  const path = (field: TProfileFieldName) => (mode === 'profile' ? `profile.${field}` : field);
  const readOnly = new Set(mode === 'profile' && role ? readOnlyProfileFields(role) : []);
  const errorOf = (field: TProfileFieldName) => {
    const errors = form.formState.errors as Record<string, { message?: unknown } | Record<string, { message?: unknown }>>;
    const node =
      mode === 'profile' ? (errors.profile as Record<string, { message?: unknown }> | undefined)?.[field] : errors[field];
    return fieldErrorText((node as { message?: unknown } | undefined)?.message);
  };
  /** Props of a plain text field: registered, with its error, or shown read-only. */
  const text = (field: TProfileFieldName) =>
    readOnly.has(field)
      ? { readOnly: true, hint: ACCOUNT_TEXT.readOnlyHint, ...form.register(path(field)) }
      : { error: errorOf(field), ...form.register(path(field), { shouldUnregister: mode === 'register' && isRoleField(field) }) };
  return { path, readOnly, errorOf, text };
}

const ROLE_FIELDS: readonly TProfileFieldName[] = [
  'ordine_provincia',
  'data_iscrizione_albo',
  'numero_iscrizione_albo',
  'titolo',
  'preferredRegion',
  'denominazione_farmacia',
  'indirizzo_farmacia',
  'partita_iva',
  'comune_farmacia',
];
const isRoleField = (field: TProfileFieldName) => ROLE_FIELDS.includes(field);

/** Name, surname, date and place of birth, telephone; `children` follow them (the registration's role choice). */
export function PersonalFields(props: TProfileFieldsProps) {
  const { text } = useProfileField(props);
  return (
    <FormSection title={UI_TEXT.sectionPersonal}>
      <TextField label={UI_TEXT.nameLabel} autoComplete="given-name" required {...text('name')} />
      <TextField label={UI_TEXT.surnameLabel} autoComplete="family-name" required {...text('surname')} />
      <TextField
        label={UI_TEXT.dobLabel}
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={latestAdultBirthDate()}
        required
        {...text('dob')}
      />
      <TextField label={UI_TEXT.placeOfBirthLabel} autoComplete="off" {...text('placeOfBirth')} />
      {/* Typed with spaces, dots or dashes is fine: the shared schema keeps the digits. */}
      <TextField
        label={UI_TEXT.telephoneLabel}
        hint={UI_TEXT.telephoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        {...text('telephone')}
      />
      {props.children}
    </FormSection>
  );
}

/** Region, province (only once a region is chosen) and comune, each clearing what no longer fits; the street. */
export function ResidenceFields(props: TProfileFieldsProps) {
  const { form } = props;
  const { path, errorOf, text } = useProfileField(props);
  const [region, provincia] = useWatch({ control: form.control, name: [path('regione_residenza'), path('provincia_residenza')] });
  return (
    <FormSection title={UI_TEXT.sectionResidence}>
      <Controller
        control={form.control}
        name={path('regione_residenza')}
        render={({ field }) => (
          <RegionField
            ref={field.ref}
            name={field.name}
            error={errorOf('regione_residenza')}
            label={UI_TEXT.regionLabel}
            limit={LIMITS.regionSuggestions}
            value={String(field.value ?? '')}
            onBlur={field.onBlur}
            onChange={(next) => {
              field.onChange(next);
              // A province (and its comune) of another region no longer fits.
              if (!provincesOf(next).some((p) => p.sigla === form.getValues(path('provincia_residenza')))) {
                form.setValue(path('provincia_residenza'), '');
                form.setValue(path('comune'), '');
              }
            }}
          />
        )}
      />
      <Controller
        control={form.control}
        name={path('provincia_residenza')}
        render={({ field }) => (
          <ProvinceField
            ref={field.ref}
            name={field.name}
            error={errorOf('provincia_residenza')}
            label={UI_TEXT.provinceLabel}
            hint={provincesOf(String(region ?? '')).length ? undefined : UI_TEXT.provinceHint}
            region={String(region ?? '')}
            value={String(field.value ?? '')}
            onBlur={field.onBlur}
            onChange={(next) => {
              if (next !== field.value) form.setValue(path('comune'), '');
              field.onChange(next);
            }}
          />
        )}
      />
      <Controller
        control={form.control}
        name={path('comune')}
        render={({ field }) => (
          <ComuneField
            ref={field.ref}
            name={field.name}
            error={errorOf('comune')}
            label={UI_TEXT.comuneLabel}
            hint={UI_TEXT.comuneHint}
            provincia={String(provincia ?? '')}
            value={String(field.value ?? '')}
            onBlur={field.onBlur}
            onChange={field.onChange}
          />
        )}
      />
      <TextField label={UI_TEXT.viaLabel} autoComplete="address-line1" {...text('via')} />
    </FormSection>
  );
}

/**
 * The pharmacist's albo entry (decision 050): the Ordine (any province), the date and the number, all three or none;
 * `children` follow them (the profile's verification status).
 */
export function AlboFields(props: TProfileFieldsProps) {
  const { form, mode } = props;
  const { path, errorOf, text } = useProfileField(props);
  return (
    <FormSection title={ACCOUNT_TEXT.sectionAlbo}>
      <Controller
        control={form.control}
        name={path('ordine_provincia')}
        shouldUnregister={mode === 'register'}
        render={({ field }) => (
          <ProvinceField
            ref={field.ref}
            name={field.name}
            error={errorOf('ordine_provincia')}
            label={ACCOUNT_TEXT.alboOrdineLabel}
            hint={ACCOUNT_TEXT.alboOrdineHint}
            value={String(field.value ?? '')}
            onBlur={field.onBlur}
            onChange={field.onChange}
          />
        )}
      />
      <TextField
        label={ACCOUNT_TEXT.alboDateLabel}
        type="date"
        min="1900-01-01"
        max={todayInItaly()}
        {...text('data_iscrizione_albo')}
      />
      <TextField
        label={UI_TEXT.alboLabel}
        hint={ACCOUNT_TEXT.alboNumberHint}
        autoComplete="off"
        {...text('numero_iscrizione_albo')}
      />
      {props.children}
    </FormSection>
  );
}

/** The pharmacist's study title and preferred region; `children` follow them (the profile's consent). */
export function PharmacistFields(props: TProfileFieldsProps) {
  const { form, mode } = props;
  const { path, errorOf, text } = useProfileField(props);
  return (
    <FormSection title={UI_TEXT.sectionProfessional}>
      <TextField label={ACCOUNT_TEXT.titoloLabel} autoComplete="off" {...text('titolo')} />
      <Controller
        control={form.control}
        name={path('preferredRegion')}
        shouldUnregister={mode === 'register'}
        render={({ field }) => (
          <RegionField
            ref={field.ref}
            name={field.name}
            error={errorOf('preferredRegion')}
            label={ACCOUNT_TEXT.preferredRegionLabel}
            limit={LIMITS.preferredRegionSuggestions}
            value={String(field.value ?? '')}
            onBlur={field.onBlur}
            onChange={field.onChange}
          />
        )}
      />
      {props.children}
    </FormSection>
  );
}

/**
 * The owner's pharmacy: picked from the Ministry registry or typed by hand, and the VAT number (decision 048); once an
 * admin has verified the owner, both are shown as they are.
 */
export function OwnerFields(props: TProfileFieldsProps) {
  const { form, mode, verified } = props;
  const { path, errorOf, text } = useProfileField(props);
  if (mode === 'profile' && verified) {
    const values = form.getValues();
    const value = (field: TProfileFieldName) => String(values.profile?.[field] ?? '');
    return (
      <FormSection title={UI_TEXT.sectionPharmacy}>
        <div className="sm:col-span-2">
          <PharmacyCard
            title={ACCOUNT_TEXT.pharmacyVerified}
            name={value('denominazione_farmacia')}
            address={value('indirizzo_farmacia')}
            comune={value('comune_farmacia')}
            code={value('cod_farmacia')}
          >
            <p className="inline-flex items-center gap-1 self-start rounded-full border border-emerald-300 bg-white px-3 py-1 text-sm font-semibold text-emerald-900">
              <span aria-hidden="true">✓</span> {ACCOUNT_TEXT.pharmacyVerified}
            </p>
          </PharmacyCard>
          <p className="mt-2 text-sm text-slate-700">{ACCOUNT_TEXT.pharmacyVerifiedNote}</p>
        </div>
        <TextField label={ACCOUNT_TEXT.vatLabel} value={value('partita_iva')} readOnly hint={ACCOUNT_TEXT.readOnlyHint} />
      </FormSection>
    );
  }
  return (
    <FormSection title={UI_TEXT.sectionPharmacy}>
      <PharmacyPicker form={form} mode={mode} path={path} errorOf={errorOf} />
      <TextField
        label={ACCOUNT_TEXT.vatLabel}
        hint={ACCOUNT_TEXT.vatHint}
        inputMode="numeric"
        autoComplete="off"
        required
        {...text('partita_iva')}
      />
    </FormSection>
  );
}

/**
 * The owner's pharmacy (decision 048): searched in the Ministry registry as the owner types (a WAI-ARIA combobox), shown
 * as a card with 'Cambia' once chosen, or typed by hand when the registry lacks it. The form holds `cod_farmacia` and the
 * three pharmacy fields; with a code the server takes name, address and comune from the registry row anyway.
 */
import type { TProfileFieldName, TRegistryPharmacy } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Controller, type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { usePharmacyLookup } from '../../lib/api/lookup-pharmacies';
import { ApiError } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ComuneField } from '../places/place-fields';
import { Button } from '../ui/button';
import { Combobox, type TComboboxOption } from '../ui/combobox';
import { TextField } from '../ui/field';

type TView = 'search' | 'chosen' | 'manual';

interface TPharmacyPickerProps {
  form: UseFormReturn<FieldValues>;
  mode: 'register' | 'profile';
  path: (field: TProfileFieldName) => string;
  errorOf: (field: TProfileFieldName) => string | undefined;
}

const TYPED_FIELDS = ['denominazione_farmacia', 'indirizzo_farmacia', 'comune_farmacia'] as const;

const addressOf = (p: TRegistryPharmacy) => (p.frazione ? `${p.address}, ${p.frazione}` : p.address);
const placeOf = (p: TRegistryPharmacy) => `${p.comune}${p.provincia ? ` (${p.provincia})` : ''}`;

export function PharmacyPicker({ form, mode, path, errorOf }: TPharmacyPickerProps) {
  const [code, name, address, comune] = useWatch({
    control: form.control,
    name: [path('cod_farmacia'), ...TYPED_FIELDS.map(path)],
  }) as (string | undefined)[];
  const [view, setView] = useState<TView>(() => (code ? 'chosen' : name ? 'manual' : 'search'));
  const changeButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'change' | 'search' | 'manual' | null>(null);

  // Focus follows the choice: to 'Cambia' after picking, back to the search after 'Cambia', to the first typed field.
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === 'change') changeButton.current?.focus();
    else if (target === 'search') form.setFocus(path('cod_farmacia'));
    else if (target === 'manual') form.setFocus(path('denominazione_farmacia'));
  });

  const set = (field: TProfileFieldName, value: string) =>
    form.setValue(path(field), value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  function choose(pharmacy: TRegistryPharmacy) {
    set('cod_farmacia', pharmacy.cod_farmacia);
    set('denominazione_farmacia', pharmacy.name);
    set('indirizzo_farmacia', addressOf(pharmacy));
    set('comune_farmacia', pharmacy.comune);
    focusAfter.current = 'change';
    setView('chosen');
  }

  function searchAgain() {
    set('cod_farmacia', '');
    for (const field of TYPED_FIELDS) set(field, '');
    focusAfter.current = 'search';
    setView('search');
  }

  function typeByHand() {
    set('cod_farmacia', '');
    for (const field of TYPED_FIELDS) set(field, '');
    focusAfter.current = 'manual';
    setView('manual');
  }

  if (view === 'chosen')
    return (
      <div className="sm:col-span-2">
        <PharmacyCard title={ACCOUNT_TEXT.pharmacyChosenTitle} name={name} address={address} comune={comune} code={code}>
          <Button
            ref={changeButton}
            type="button"
            variant="secondary"
            aria-label={ACCOUNT_TEXT.pharmacyChangeLabel(name ?? '')}
            onClick={searchAgain}
          >
            {ACCOUNT_TEXT.pharmacyChange}
          </Button>
        </PharmacyCard>
      </div>
    );

  if (view === 'manual')
    return (
      <>
        <p className="text-sm text-slate-700 sm:col-span-2">{ACCOUNT_TEXT.pharmacyManualNote}</p>
        <TextField
          label={ACCOUNT_TEXT.pharmacyNameLabel}
          autoComplete="organization"
          required
          error={errorOf('denominazione_farmacia')}
          {...form.register(path('denominazione_farmacia'), { shouldUnregister: mode === 'register' })}
        />
        <TextField
          label={ACCOUNT_TEXT.pharmacyAddressLabel}
          autoComplete="off"
          required
          error={errorOf('indirizzo_farmacia')}
          {...form.register(path('indirizzo_farmacia'), { shouldUnregister: mode === 'register' })}
        />
        <Controller
          control={form.control}
          name={path('comune_farmacia')}
          shouldUnregister={mode === 'register'}
          render={({ field }) => (
            <ComuneField
              ref={field.ref}
              name={field.name}
              required
              error={errorOf('comune_farmacia')}
              label={ACCOUNT_TEXT.pharmacyComuneLabel}
              hint={UI_TEXT.comuneHint}
              value={String(field.value ?? '')}
              onBlur={field.onBlur}
              onChange={field.onChange}
            />
          )}
        />
        <div className="flex items-end sm:col-span-2">
          <LinkButton onClick={searchAgain}>{ACCOUNT_TEXT.pharmacyBackToSearch}</LinkButton>
        </div>
      </>
    );

  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <Controller
        control={form.control}
        name={path('cod_farmacia')}
        // Kept when the card replaces the search (an unregistered field would leave the code out of the registration).
        render={({ field }) => (
          <RegistrySearch
            inputRef={field.ref}
            name={field.name}
            error={errorOf('cod_farmacia')}
            onChoose={choose}
            onBlur={field.onBlur}
          />
        )}
      />
      <div>
        <LinkButton onClick={typeByHand}>{ACCOUNT_TEXT.pharmacyManualLink}</LinkButton>
      </div>
    </div>
  );
}

/** The search box: debounced lookups, up to 20 results, and what the owner is told while loading, on none and on errors. */
function RegistrySearch({
  inputRef,
  name,
  error,
  onChoose,
  onBlur,
}: {
  inputRef: (element: HTMLInputElement | null) => void;
  name: string;
  error?: string;
  onChoose: (pharmacy: TRegistryPharmacy) => void;
  onBlur: () => void;
}) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, 300);
  const lookup = usePharmacyLookup(query);
  const settled = query === text;
  const options: TComboboxOption[] = lookup.pharmacies.map((p) => ({
    value: p.cod_farmacia,
    label: p.name,
    detail: `${addressOf(p)}, ${placeOf(p)} · ${ACCOUNT_TEXT.pharmacyCode(p.cod_farmacia)}`,
  }));
  const status = lookup.error
    ? lookup.error instanceof ApiError && lookup.error.status === 429
      ? lookup.error.message
      : MESSAGES.pharmacyLookupFailed
    : lookup.isLoading || (!settled && text.trim().length >= LIMITS.pharmacyLookupMinChars)
      ? ACCOUNT_TEXT.pharmacySearching
      : lookup.enabled && settled && options.length === 0
        ? ACCOUNT_TEXT.pharmacyNoResults
        : '';
  return (
    <>
      <Combobox
        ref={inputRef}
        name={name}
        label={ACCOUNT_TEXT.pharmacySearchLabel}
        hint={ACCOUNT_TEXT.pharmacySearchHint}
        placeholder={ACCOUNT_TEXT.pharmacySearchPlaceholder}
        required
        error={error}
        inputValue={text}
        options={options}
        loading={lookup.isLoading}
        detailBelow
        onInputChange={setText}
        onSelect={(option) => {
          const pharmacy = lookup.pharmacies.find((p) => p.cod_farmacia === option.value);
          if (pharmacy) onChoose(pharmacy);
        }}
        onBlur={onBlur}
      />
      <p role="status" className={lookup.error ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-700'}>
        {status}
      </p>
    </>
  );
}

/** A registry pharmacy as a card: what was chosen, or (verified) what is fixed. */
export function PharmacyCard({
  title,
  name,
  address,
  comune,
  code,
  children,
}: {
  title: string;
  name?: string;
  address?: string;
  comune?: string;
  code?: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-700">{title}</p>
        <p className="mt-1 break-words text-base font-semibold text-slate-900">{name}</p>
        <p className="break-words text-sm text-slate-800">{[address, comune].filter(Boolean).join(', ')}</p>
        {code ? <p className="text-sm text-slate-700">{ACCOUNT_TEXT.pharmacyCode(code)}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A text-styled button (it changes the form, it does not navigate). */
function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="min-h-11 text-left text-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      {children}
    </button>
  );
}

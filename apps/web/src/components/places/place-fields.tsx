/**
 * Region, province and comune inputs with suggestions (counts in LIMITS). The field value is the canonical name
 * (region, comune) or the sigla (province) once the text matches one; otherwise the typed text, which the
 * shared schema (or the server, for comuni) then rejects with an Italian message.
 */
import { LIMITS } from '@farmaponte/shared/limits';
import { ALL_PROVINCES, normalize, provincesOf, REGION_NAMES, suggest } from '@farmaponte/shared/places';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useComuni } from '../../lib/api/get-comuni';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Combobox, type TComboboxOption } from '../ui/combobox';

interface TPlaceFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** See Combobox: false shows the suggestions only once the user types. */
  openOnFocus?: boolean;
}

/** The text in the input follows the value when it changes from outside (form reset, a cleared province). */
function useInputText(value: string, labelOf: (value: string) => string) {
  const [text, setText] = useState(() => labelOf(value));
  const lastEmitted = useRef(value);
  const labelOfRef = useRef(labelOf);
  labelOfRef.current = labelOf;
  useEffect(() => {
    if (value !== lastEmitted.current) {
      lastEmitted.current = value;
      setText(labelOfRef.current(value));
    }
  }, [value]);
  return {
    text,
    setText,
    emit(next: string, onChange: (value: string) => void) {
      lastEmitted.current = next;
      onChange(next);
    },
  };
}

function exactMatch(options: readonly TComboboxOption[], text: string): TComboboxOption | undefined {
  const needle = normalize(text);
  return needle ? options.find((o) => normalize(o.label) === needle) : undefined;
}

const REGION_OPTIONS: TComboboxOption[] = REGION_NAMES.map((name) => ({ value: name, label: name }));

/** A region of Italy, stored by name (e.g. "Lombardia"). */
export function RegionField({ limit, value, onChange, onBlur, ...props }: TPlaceFieldProps & { limit: number }) {
  const { text, setText, emit } = useInputText(value, (v) => v);
  const options = suggest(REGION_OPTIONS, text, (o) => o.label, limit);
  return (
    <Combobox
      {...props}
      inputValue={text}
      options={options}
      onInputChange={(next) => {
        setText(next);
        emit(exactMatch(REGION_OPTIONS, next)?.value ?? next, onChange);
      }}
      onSelect={(option) => {
        setText(option.label);
        emit(option.value, onChange);
      }}
      onBlur={() => {
        const match = exactMatch(REGION_OPTIONS, text);
        if (match) setText(match.label);
        onBlur?.();
      }}
    />
  );
}

/** A province of the chosen region, shown by name and stored by sigla (e.g. "MI"); disabled until a region is chosen. */
/** A province of the region, or of all Italy when no region is given (an albo's Ordine). */
export function ProvinceField({ region, value, onChange, onBlur, ...props }: TPlaceFieldProps & { region?: string }) {
  const all: TComboboxOption[] = (region === undefined ? ALL_PROVINCES : provincesOf(region)).map((p) => ({
    value: p.sigla,
    label: p.name,
    detail: p.sigla,
  }));
  const labelOf = (v: string) => all.find((o) => o.value === v)?.label ?? v;
  const { text, setText, emit } = useInputText(value, labelOf);
  const options = suggest(all, text, (o) => o.label, LIMITS.provinceSuggestions);
  const find = (typed: string) => exactMatch(all, typed) ?? all.find((o) => o.value === typed.trim().toUpperCase());
  return (
    <Combobox
      {...props}
      disabled={props.disabled || all.length === 0}
      inputValue={text}
      options={options}
      onInputChange={(next) => {
        setText(next);
        emit(exactMatch(all, next)?.value ?? next, onChange);
      }}
      onSelect={(option) => {
        setText(option.label);
        emit(option.value, onChange);
      }}
      onBlur={() => {
        // A typed sigla ("mi") counts too, once the user leaves the field.
        const match = find(text);
        if (match) {
          setText(match.label);
          emit(match.value, onChange);
        }
        onBlur?.();
      }}
    />
  );
}

/** A comune, suggested by the API after two characters, within the province when one is given. */
export function ComuneField({ provincia, value, onChange, onBlur, ...props }: TPlaceFieldProps & { provincia?: string }) {
  const { text, setText, emit } = useInputText(value, (v) => v);
  const query = useDebouncedValue(text, 250);
  const { comuni, isLoading } = useComuni({ provincia: provincia || undefined, q: query });
  const needle = normalize(text);
  // The comune whose whole name was typed comes first ("Bra" before "Bracciano").
  const ranked = [...comuni].sort((a, b) => Number(normalize(b.nome) === needle) - Number(normalize(a.nome) === needle));
  const options: TComboboxOption[] = (text.trim().length >= LIMITS.comuneMinChars ? ranked : [])
    .slice(0, LIMITS.comuneSuggestions)
    .map((c) => ({ value: c.nome, label: c.nome, detail: provincia ? undefined : c.sigla }));
  return (
    <Combobox
      {...props}
      inputValue={text}
      options={options}
      loading={isLoading}
      onInputChange={(next) => {
        setText(next);
        emit(next, onChange);
      }}
      onSelect={(option) => {
        setText(option.label);
        emit(option.value, onChange);
      }}
      onBlur={() => {
        const match = exactMatch(options, text);
        if (match) {
          setText(match.label);
          emit(match.value, onChange);
        }
        onBlur?.();
      }}
    />
  );
}

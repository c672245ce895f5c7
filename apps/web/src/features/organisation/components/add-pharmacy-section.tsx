/**
 * 'Aggiungi una farmacia' (a titolare's): the registry's search or the pharmacy typed by hand, as at registration
 * (components/profile/pharmacy-picker.tsx), and its VAT number, under the button that shows it ('Annulla' gives the
 * button the focus back); once added, the list shows the new pharmacy waiting for the admin and it takes the focus.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import type { TNewPharmacy } from '@farmaponte/shared/organisation';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { useId, useRef, useState } from 'react';
import { type FieldPath, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { PharmacyPicker } from '../../../components/profile/pharmacy-picker';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { fieldErrorText, firstErrorMessage, markServerErrors } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { useAddPharmacy } from '../api/add-pharmacy';
import { EMPTY_NEW_PHARMACY, type TNewPharmacyValues } from '../lib/form-values';
import { newPharmacyResolver } from '../lib/lazy-resolvers';

const EMPTY = EMPTY_NEW_PHARMACY;

export function AddPharmacySection({ onAdded }: { onAdded: (pharmacyId: number) => void }) {
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const close = () => {
    setOpen(false);
    openButton.current?.focus();
  };
  return (
    <>
      <Button
        ref={openButton}
        variant="secondary"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => setOpen((was) => !was)}
        className="mt-4 w-full sm:w-auto"
      >
        <span aria-hidden="true">+</span> {T.addPharmacyOpen}
      </Button>
      {open ? (
        <AddPharmacyForm
          id={formId}
          onCancel={close}
          onAdded={(id) => {
            setOpen(false);
            onAdded(id);
          }}
        />
      ) : null}
    </>
  );
}

function AddPharmacyForm({ id, onCancel, onAdded }: { id: string; onCancel: () => void; onAdded: (id: number) => void }) {
  const add = useAddPharmacy();
  const titleId = useId();
  const form = useForm<TNewPharmacyValues, unknown, TNewPharmacy>({
    resolver: newPharmacyResolver,
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const errorOf = (field: string) => fieldErrorText(errors[field as keyof TNewPharmacyValues]?.message);
  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        const added = await add.mutateAsync(input);
        notify.success(added.message);
        onAdded(added.id);
      } catch (error) {
        notify.error(errorMessage(error, MESSAGES.serverError));
        markServerErrors(form, error, (name) => (name in EMPTY ? (name as FieldPath<TNewPharmacyValues>) : undefined));
      }
    },
    (invalid) => {
      notify.error(firstErrorMessage(invalid) ?? MESSAGES.requiredFields);
      const first = Object.keys(invalid)[0] as keyof TNewPharmacyValues | undefined;
      if (first) form.setFocus(first);
    },
  );
  return (
    <section id={id} aria-labelledby={titleId} className="mt-4 rounded-xl border border-emerald-200 bg-white p-4 sm:p-5">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {T.addPharmacyTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{T.addPharmacyIntro}</p>
      <form noValidate onSubmit={onSubmit} onFocus={newPharmacyResolver.preload} className="mt-4 grid gap-5 sm:grid-cols-2">
        <PharmacyPicker
          form={form as unknown as UseFormReturn<FieldValues>}
          mode="register"
          path={(field) => field}
          errorOf={errorOf}
        />
        <TextField
          label={T.addPharmacyVatLabel}
          hint={T.addPharmacyVatHint}
          inputMode="numeric"
          autoComplete="off"
          required
          error={errorOf('partita_iva')}
          {...form.register('partita_iva')}
        />
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={add.isPending}>
            {UI_TEXT.cancel}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {T.addPharmacyButton}
          </Button>
        </div>
      </form>
    </section>
  );
}

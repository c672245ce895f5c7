/**
 * The offer dialog (docs/product.md#dialogs): 'Crea una Nuova Offerta', or 'Modifica Offerta' when an offer is given. The form
 * is built afresh from the offer (or empty) at every opening and whenever the offer changes; it closes once saved.
 */
import type { TOffer } from '@farmaponte/shared';
import { todayInItaly } from '@farmaponte/shared/dates';
import { INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { PAY_TEXT } from '@farmaponte/shared/ui-text-pay';
import { type RefObject, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { EmailConfirmationNotice } from '../../../components/email-confirmation/email-confirmation-notice';
import { FairPayWarning } from '../../../components/fair-pay-warning';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, TextareaField, TextField } from '../../../components/ui/field';
import { RadioCard } from '../../../components/ui/radio-card';
import { useActingPharmacy } from '../../../lib/api/get-organisation';
import { usePharmacySettings } from '../../../lib/api/get-pharmacy-settings';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { firstErrorMessage, markServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { isDirtyNow, useDirtyCheck } from '../../../lib/unsaved-changes';
import { useCreateOffer } from '../api/create-offer';
import { useUpdateOffer } from '../api/update-offer';
import { offerResolver } from '../lib/lazy-resolvers';
import { legalFormFieldOf } from '../lib/legal-form-choice';
import { offerFormValues, type TOfferDuration, type TOfferFormValues, type TOfferPayload } from '../lib/offer-form-values';
import { levelMinimum, patronIstatOf, payPreview, payWarning } from '../lib/pay-preview';
import { payTermsFieldOf } from '../lib/pay-terms-form';
import { LegalFormFields } from './legal-form-fields';
import { PayPreview } from './pay-preview';
import { PayTermsFields } from './pay-terms-fields';

export interface TOfferDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The offer to edit; without one the dialog creates a new offer. */
  offer?: TOffer | null;
  /** Where the focus goes when the dialog closes (the button that opened it). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** After a successful save, once the dialog has closed. */
  onSaved?: () => void;
}

/** The dialog itself, loaded on first opening (see offer-dialog.tsx). */
export default function OfferDialogContent({ open, onOpenChange, offer = null, returnFocusRef, onSaved }: TOfferDialogProps) {
  const dirtyCheck = useRef<(() => boolean) | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={offer ? OWNER_TEXT.offerEditTitle : OWNER_TEXT.offerCreateTitle}
      returnFocusRef={returnFocusRef}
      className="max-w-xl"
      hasUnsavedChanges={() => dirtyCheck.current?.() ?? false}
    >
      {open ? (
        <OfferForm
          key={offer?.id ?? 'new'}
          offer={offer}
          dirtyCheck={dirtyCheck}
          onSaved={() => {
            onOpenChange(false);
            onSaved?.();
          }}
        />
      ) : null}
    </Dialog>
  );
}

const AUTO_INVITE_MODES: { value: TOfferFormValues['auto_invite_mode']; label: string }[] = [
  { value: 'matches', label: INVITATION_TEXT.autoInviteModeMatches },
  { value: 'favourites_first', label: INVITATION_TEXT.autoInviteModeFavourites },
];

const DURATIONS: { value: TOfferDuration; label: string }[] = [
  { value: 'single', label: OWNER_TEXT.offerSingleDay },
  { value: 'multi', label: OWNER_TEXT.offerMultiDay },
];

function OfferForm({
  offer,
  onSaved,
  dirtyCheck,
}: {
  offer: TOffer | null;
  onSaved: () => void;
  dirtyCheck: RefObject<(() => boolean) | null>;
}) {
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const details = useUserDetails();
  /** Publishing refused until the e-mail is confirmed (decision 047): the reason, with 'Invia di nuovo' in the form. */
  const [confirmFirst, setConfirmFirst] = useState<string | null>(null);
  const form = useForm<TOfferFormValues, unknown, TOfferPayload>({
    resolver: offerResolver,
    defaultValues: offerFormValues(offer),
  });
  const { register, control, setValue, getValues } = form;
  const { errors } = form.formState;
  useDirtyCheck(dirtyCheck, form);
  // A new offer starts from the settings of the pharmacy acted for (decision 089), once they have come, if untouched.
  const acting = useActingPharmacy().current;
  const defaults = usePharmacySettings(!offer && acting !== null && acting !== 'tutte' ? acting.id : null).data;
  // What the form held when it opened: a field that differs from it (but the pay, which the level's minimum fills by
  // itself) was typed before the settings came, and the settings must not wipe it, whatever the dirty state says yet.
  const opened = useRef(offerFormValues(offer));
  useEffect(() => {
    if (!defaults || isDirtyNow(form)) return;
    const current = form.getValues();
    const fields = Object.keys(opened.current) as (keyof TOfferFormValues)[];
    const typed = fields.some(
      (field) => field !== 'hourly_pay' && JSON.stringify(current[field]) !== JSON.stringify(opened.current[field]),
    );
    // keepFieldsRef: a plain reset forgets the fields' inputs until the next render, and a letter typed in between
    // was dropped, then the input emptied when it registered again (the title lost, seen in browser journeys).
    if (!typed) form.reset(offerFormValues(null, defaults), { keepFieldsRef: true });
  }, [defaults, form]);
  const [duration, dateFrom, dateTo, description, hourlyPay, autoInvite, autoInviteMode, legalForm, ccnlLevel] = useWatch({
    control,
    name: [
      'duration',
      'date_from',
      'date_to',
      'description',
      'hourly_pay',
      'auto_invite',
      'auto_invite_mode',
      'legal_form',
      'ccnl_level',
    ],
  });
  const fairPayId = useId();
  const today = todayInItaly();
  const employee = legalForm !== 'libera_professione';
  const minimum = employee ? levelMinimum(ccnlLevel, dateFrom || today) : null;
  // A new employee offer starts from the level's minimum (also after the pharmacy's settings have come and reset the
  // form); a pay the owner typed, or the settings gave, stays as it is.
  const prefilled = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settings' arrival resets the form, so it runs again then.
  useEffect(() => {
    if (offer || minimum === null) return;
    const current = getValues('hourly_pay');
    if (current !== '' && current !== prefilled.current) return;
    prefilled.current = String(minimum);
    setValue('hourly_pay', prefilled.current);
  }, [offer, minimum, defaults, getValues, setValue]);
  // The preview follows the form a beat behind the keyboard (a long offer is a few hundred days of minutes).
  const values = useDeferredValue(useWatch({ control }) as TOfferFormValues);
  const pharmacyComune = offer?.comune_farmacia ?? (acting && acting !== 'tutte' ? acting.comune : null);
  // Worked out again only when what the pay depends on changes (not at each letter of the title).
  const { title: _t, description: _d, salary: _s, positions: _p, auto_invite: _a, ...payInputs } = values;
  const payKey = JSON.stringify(payInputs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: payKey stands for the values the pay depends on.
  const preview = useMemo(() => payPreview(values, patronIstatOf(pharmacyComune)), [payKey, pharmacyComune]);
  const warning = payWarning(values, preview, today);
  const saving = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit(
    async (payload) => {
      try {
        if (offer) await update.mutateAsync({ id: offer.id, ...payload });
        else await create.mutateAsync(payload);
        notify.success(offer ? MESSAGES.offerUpdated : MESSAGES.offerCreated, { duration: 'offerSave' });
        onSaved();
      } catch (error) {
        if (error instanceof ApiError && error.code === 'email_not_verified' && details.data) {
          setConfirmFirst(error.message);
          return;
        }
        // A refusal comes with an Italian sentence worth reading (e.g. an end date in the past); anything else is generic.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          notify.error(error.message, { duration: 'offerValidation' });
          markServerErrors(
            form,
            error,
            (name) =>
              legalFormFieldOf(name) ??
              payTermsFieldOf(name) ??
              (name in getValues() ? (name as FieldPath<TOfferFormValues>) : undefined),
          );
        } else {
          notify.error(MESSAGES.offerSaveFailed, { duration: 'offerSave' });
        }
      }
    },
    (invalid) => notify.error(firstErrorMessage(invalid) ?? MESSAGES.offerSaveFailed, { duration: 'offerValidation' }),
  );

  const invalid = (name: keyof TOfferFormValues) => (errors[name] ? true : undefined);
  const latestEnd = dateFrom && dateFrom > today ? dateFrom : today;

  return (
    <form noValidate onSubmit={onSubmit} onFocus={offerResolver.preload} className="flex flex-col gap-5">
      <TextField
        label={OWNER_TEXT.offerTitleLabel}
        placeholder={OWNER_TEXT.offerTitlePlaceholder}
        required
        maxLength={LIMITS.offerTitleMaxLength}
        autoComplete="off"
        aria-invalid={invalid('title')}
        {...register('title')}
      />
      <TextareaField
        label={UI_TEXT.offerDescriptionLabel}
        placeholder={OWNER_TEXT.offerDescriptionPlaceholder}
        required
        rows={5}
        maxLength={LIMITS.offerDescriptionMaxLength}
        hint={UI_TEXT.charactersCount(String(description ?? '').length, LIMITS.offerDescriptionMaxLength)}
        aria-invalid={invalid('description')}
        className="[&_textarea]:min-h-28"
        {...register('description')}
      />

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{OWNER_TEXT.offerDurationLabel}</legend>
        <div className="grid grid-cols-2 gap-2">
          {DURATIONS.map((option) => (
            <RadioCard
              key={option.value}
              value={option.value}
              label={option.label}
              {...register('duration', {
                // Back to one day: it ends the day it starts.
                onChange: (event) => {
                  if (event.target.value === 'single') setValue('date_to', getValues('date_from'));
                },
              })}
            />
          ))}
        </div>
        {duration === 'single' ? (
          <TextField
            label={OWNER_TEXT.offerDateLabel}
            type="date"
            min={today}
            aria-invalid={invalid('date_from') ?? invalid('date_to')}
            {...register('date_from', {
              onChange: (event) => setValue('date_to', event.target.value),
            })}
          />
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={OWNER_TEXT.offerDateFromLabel}
              type="date"
              aria-invalid={invalid('date_from')}
              {...register('date_from')}
            />
            <TextField
              label={OWNER_TEXT.offerDateToLabel}
              type="date"
              min={latestEnd}
              aria-invalid={invalid('date_to')}
              {...register('date_to')}
            />
          </div>
        )}
        <p className="text-xs text-slate-600">{OWNER_TEXT.offerDatesHint}</p>
      </fieldset>

      <TextField
        label={UI_TEXT.offerPositionsLabel}
        type="number"
        inputMode="numeric"
        min={LIMITS.offerPositionsMin}
        max={LIMITS.offerPositionsMax}
        step={1}
        required
        hint={OWNER_TEXT.offerPositionsHint(LIMITS.offerPositionsMax)}
        aria-invalid={invalid('positions')}
        className="sm:max-w-48"
        {...register('positions')}
      />

      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          id="offerta-paga-oraria"
          label={OWNER_TEXT.offerHourlyPayLabel}
          type="number"
          inputMode="decimal"
          min={LIMITS.hourlyPayMin}
          max={LIMITS.hourlyPayMax}
          step={0.01}
          required
          hint={minimum === null ? undefined : PAY_TEXT.ccnlMinimum(minimum)}
          aria-invalid={invalid('hourly_pay')}
          aria-describedby={minimum === null ? fairPayId : `offerta-paga-oraria-hint ${fairPayId}`}
          {...register('hourly_pay')}
        />
        <TextField
          label={OWNER_TEXT.offerStartTimeLabel}
          type="time"
          aria-invalid={invalid('start_time')}
          {...register('start_time')}
        />
        <TextField
          label={OWNER_TEXT.offerEndTimeLabel}
          type="time"
          aria-invalid={invalid('end_time')}
          {...register('end_time')}
        />
      </div>

      {/* Below the national contract's minimum for the same hours: said before publishing, never refused (decisions 071, 094). */}
      <FairPayWarning id={fairPayId} pay={hourlyPay} warning={warning} className="-mt-2" />

      <LegalFormFields
        value={{ choice: legalForm, level: ccnlLevel }}
        onChange={(next) => {
          setValue('legal_form', next.choice, { shouldDirty: true });
          setValue('ccnl_level', next.level, { shouldDirty: true });
          form.clearErrors(['legal_form', 'ccnl_level']);
        }}
        error={errors.legal_form?.message}
        levelError={errors.ccnl_level?.message}
      />

      <PayTermsFields form={form} dateFrom={dateFrom} dateTo={duration === 'single' ? dateFrom : dateTo} />
      <PayPreview preview={preview} />

      <TextField
        label={UI_TEXT.offerSalaryNoteLabel}
        placeholder={OWNER_TEXT.offerSalaryNotePlaceholder}
        maxLength={LIMITS.salaryMaxLength}
        autoComplete="off"
        aria-invalid={invalid('salary')}
        {...register('salary')}
      />

      {offer ? null : (
        <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3">
          <legend className="sr-only">{INVITATION_TEXT.autoInviteLabel}</legend>
          <CheckboxField
            label={INVITATION_TEXT.autoInviteLabel}
            hint={INVITATION_TEXT.autoInviteHint}
            {...register('auto_invite')}
          />
          {autoInvite ? (
            <div className="flex flex-col gap-3 pl-8">
              <fieldset className="flex min-w-0 flex-col gap-2">
                <legend className="mb-1 text-sm font-medium text-slate-800">{INVITATION_TEXT.autoInviteModeLabel}</legend>
                {AUTO_INVITE_MODES.map((option) => (
                  <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800">
                    <input
                      type="radio"
                      value={option.value}
                      className="size-4 shrink-0 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-700"
                      {...register('auto_invite_mode')}
                    />
                    {option.label}
                  </label>
                ))}
              </fieldset>
              {autoInviteMode === 'favourites_first' ? (
                <TextField
                  label={INVITATION_TEXT.autoInviteDelayLabel}
                  type="number"
                  inputMode="numeric"
                  min={LIMITS.autoInviteDelayHoursMin}
                  max={LIMITS.autoInviteDelayHoursMax}
                  step={1}
                  hint={INVITATION_TEXT.autoInviteDelayHint}
                  error={errors.auto_invite_delay?.message}
                  className="sm:max-w-64"
                  {...register('auto_invite_delay')}
                />
              ) : null}
            </div>
          ) : null}
        </fieldset>
      )}

      {confirmFirst && details.data ? <EmailConfirmationNotice email={details.data.username} because={confirmFirst} /> : null}

      <div className="flex justify-end">
        <Button type="submit" size="lg" loading={saving} className="w-full sm:w-auto sm:min-w-40">
          {offer ? OWNER_TEXT.offerSaveButton : OWNER_TEXT.offerCreateButton}
        </Button>
      </div>
    </form>
  );
}

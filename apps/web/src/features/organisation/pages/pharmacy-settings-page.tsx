/**
 * /organizzazione/farmacie/:id/impostazioni (docs/product.md#pharmacy-settings): what a new offer of the pharmacy starts
 * from (hours, hourly pay, places, the note for the pharmacist) and who of its staff receives its mail: its titolari
 * and responsabili, or the people a titolare ticks. Saved by whoever may write for the pharmacy; a consultazione reads.
 */
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { ORGANISATION_MESSAGES } from '@farmaponte/shared/messages-organisation';
import type { TOrganisation, TOrganisationPharmacy, TPharmacySettings } from '@farmaponte/shared/organisation';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextareaField, TextField } from '../../../components/ui/field';
import { PageLoadError, QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { useOrganisation } from '../../../lib/api/get-organisation';
import { usePharmacySettings } from '../../../lib/api/get-pharmacy-settings';
import { cn } from '../../../lib/cn';
import { fieldErrorText, firstErrorMessage, markServerErrors } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { useSavePharmacySettings } from '../api/save-settings';
import { useTeam } from '../api/team';
import { Notice, PageFrame } from '../components/page-frame';
import { settingsFormValues, staffOfPharmacy, type TSettingsFormValues } from '../lib/form-values';
import { settingsResolver } from '../lib/lazy-resolvers';

const back = { to: PATHS.organisation, label: T.backToOrganisation };

export function PharmacySettingsPage() {
  const id = Number(useParams().id);
  const organisation = useOrganisation();
  const pharmacy = organisation.data?.pharmacies.find((p) => p.id === id);
  const settings = usePharmacySettings(pharmacy ? id : null);
  if (organisation.isError)
    return (
      <PageFrame title={T.settingsTitle('')} back={back}>
        <PageLoadError query={organisation} className="mt-6" />
      </PageFrame>
    );
  if (!organisation.data) return <PageSpinner />;
  if (!pharmacy)
    return (
      <PageFrame title={T.settingsTitle('')} back={back}>
        <Notice>{ORGANISATION_MESSAGES.pharmacyNotFound}</Notice>
      </PageFrame>
    );
  return (
    <PageFrame title={T.settingsTitle(pharmacy.name)} intro={T.settingsIntro} back={back}>
      {settings.data ? (
        <SettingsForm key={pharmacy.id} organisation={organisation.data} pharmacy={pharmacy} settings={settings.data} />
      ) : settings.isError ? (
        <PageLoadError query={settings} className="mt-6" />
      ) : (
        <PageSpinner />
      )}
    </PageFrame>
  );
}

const SECTION = 'mt-6 flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8';
const LEGEND = 'float-left w-full text-lg font-semibold text-slate-900';
const FORM_FIELDS: readonly string[] = ['start_time', 'end_time', 'hourly_pay', 'positions', 'note', 'notify_user_ids'];

function SettingsForm({
  organisation,
  pharmacy,
  settings,
}: {
  organisation: TOrganisation;
  pharmacy: TOrganisationPharmacy;
  settings: TPharmacySettings;
}) {
  const save = useSavePharmacySettings(pharmacy.id);
  const form = useForm<TSettingsFormValues, unknown, TPharmacySettings>({
    resolver: settingsResolver,
    defaultValues: settingsFormValues(settings),
  });
  const { register } = form;
  const { errors } = form.formState;
  const [note, notifyMode, ticked] = useWatch({ control: form.control, name: ['note', 'notify', 'notify_user_ids'] });
  const readOnly = !pharmacy.can_write;
  const errorOf = (field: keyof TSettingsFormValues) => fieldErrorText(errors[field]?.message);

  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        const saved = await save.mutateAsync(input);
        notify.success(saved.message);
        form.reset(settingsFormValues(saved));
      } catch (error) {
        notify.error(errorMessage(error, MESSAGES.serverError));
        markServerErrors(form, error, (name) =>
          FORM_FIELDS.includes(name) ? (name as FieldPath<TSettingsFormValues>) : undefined,
        );
      }
    },
    (invalid) => notify.error(firstErrorMessage(invalid) ?? MESSAGES.requiredFields),
  );

  return (
    <form noValidate onSubmit={onSubmit} onFocus={settingsResolver.preload}>
      {readOnly ? <Notice>{T.settingsReadOnly}</Notice> : null}
      {/* A consultazione sees the values as they are: every control is off. */}
      <fieldset disabled={readOnly} className="min-w-0">
        <fieldset className={SECTION}>
          <legend className={LEGEND}>{T.defaultsLegend}</legend>
          <p className="text-sm text-slate-700">{T.defaultsHint}</p>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <TextField label={T.startTimeLabel} type="time" error={errorOf('start_time')} {...register('start_time')} />
            <TextField label={T.endTimeLabel} type="time" error={errorOf('end_time')} {...register('end_time')} />
            <TextField
              label={T.hourlyPayLabel}
              inputMode="decimal"
              autoComplete="off"
              error={errorOf('hourly_pay')}
              {...register('hourly_pay')}
            />
            <TextField
              label={T.positionsLabel}
              inputMode="numeric"
              autoComplete="off"
              error={errorOf('positions')}
              {...register('positions')}
            />
          </div>
          <TextareaField
            label={T.noteLabel}
            placeholder={readOnly ? undefined : T.notePlaceholder}
            rows={4}
            maxLength={LIMITS.pharmacyNoteMaxLength}
            hint={
              <>
                {T.noteHint} {UI_TEXT.charactersCount(String(note ?? '').length, LIMITS.pharmacyNoteMaxLength)}
              </>
            }
            error={errorOf('note')}
            className="[&_textarea]:min-h-28"
            {...register('note')}
          />
        </fieldset>

        <NotifyFields
          organisation={organisation}
          pharmacyId={pharmacy.id}
          mode={notifyMode}
          nobody={ticked.length === 0}
          register={register}
          error={errorOf('notify_user_ids')}
          saved={settings.notify_user_ids}
        />
      </fieldset>

      {readOnly ? null : (
        <div className="mt-6 flex justify-end">
          <Button type="submit" size="lg" loading={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? T.saving : T.saveSettings}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * 'Chi riceve le e-mail': the default, or the people a titolare ticks among those who act for the pharmacy (only a
 * titolare reads the staff); anyone else reads what is set.
 */
function NotifyFields({
  organisation,
  pharmacyId,
  mode,
  nobody,
  register,
  error,
  saved,
}: {
  organisation: TOrganisation;
  pharmacyId: number;
  mode: TSettingsFormValues['notify'];
  /** The people chosen, none ticked: nobody will be mailed, which is said. */
  nobody: boolean;
  register: ReturnType<typeof useForm<TSettingsFormValues, unknown, TPharmacySettings>>['register'];
  error?: string;
  saved: number[] | null;
}) {
  const titolare = organisation.my_role === 'titolare';
  const team = useTeam({ enabled: titolare });
  if (!titolare)
    return (
      <section aria-labelledby="notify-title" className={SECTION}>
        <h2 id="notify-title" className="text-lg font-semibold text-slate-900">
          {T.notifyLegend}
        </h2>
        <p className="text-base text-slate-800">
          {saved === null ? T.notifyNowDefault : T.notifyNowChosen(saved.length)} {T.notifyTitolareChooses}
        </p>
      </section>
    );
  const staff = team.data ? staffOfPharmacy(team.data.members, pharmacyId) : [];
  const choice = (value: TSettingsFormValues['notify'], label: string, hint?: string) => (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm',
        'has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-700',
      )}
    >
      <input type="radio" value={value} className="mt-0.5 size-5 shrink-0 accent-emerald-700" {...register('notify')} />
      <span>
        <span className="block font-semibold text-slate-900">{label}</span>
        {hint ? <span className="block text-slate-700">{hint}</span> : null}
      </span>
    </label>
  );
  return (
    <fieldset className={SECTION}>
      <legend className={LEGEND}>{T.notifyLegend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choice('default', T.notifyDefault, T.notifyDefaultHint)}
        {choice('chosen', T.notifyChosen)}
      </div>
      {mode === 'chosen' ? (
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{T.notifyPeopleLegend}</legend>
          {team.data ? (
            staff.map((member) => (
              <CheckboxField
                key={member.user_id}
                label={`${member.name || member.email} · ${T.roleNames[member.role]}`}
                hint={member.email}
                value={String(member.user_id)}
                {...register('notify_user_ids')}
              />
            ))
          ) : team.isError ? (
            <QueryLoadError query={team} />
          ) : (
            <Spinner />
          )}
          {nobody && team.data ? <p className="text-sm font-medium text-amber-900">{T.notifyNobody}</p> : null}
          {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
        </fieldset>
      ) : null}
    </fieldset>
  );
}

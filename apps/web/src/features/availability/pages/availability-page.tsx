/**
 * /disponibilita (docs/product.md#availability, decision 070): a pharmacist's calendar of free days, where they start
 * from, how far they go, the least pay, and whether owners see it; 'Salva' replaces the whole calendar. The shared
 * schema checks the save here as the server does; leaving with changes not saved asks first.
 */
import {
  AVAILABILITY_MESSAGES,
  availabilityWindow,
  DEFAULT_AVAILABILITY_RADIUS_KM,
  dayOutsideWindow,
  type TAvailability,
  type TAvailabilityInput,
  type TBusyDay,
  ZAvailabilityInputSchema,
} from '@farmaponte/shared/availability';
import { todayInItaly } from '@farmaponte/shared/dates';
import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { AVAILABILITY_TEXT } from '@farmaponte/shared/ui-text-availability';
import { EXTERNAL_CALENDAR_TEXT } from '@farmaponte/shared/ui-text-external-calendar';
import { Switch } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ComuneField } from '../../../components/places/place-fields';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { LeavePageGuard } from '../../../components/ui/leave-page-guard';
import { PageLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useExternalCalendar } from '../api/external-calendar';
import { useAvailability } from '../api/get-availability';
import { useSaveAvailability } from '../api/save-availability';
import { AvailabilityCalendar } from '../components/availability-calendar';
import { ExternalCalendarSection } from '../components/external-calendar-section';
import { calendarDaysOf, dayListOf, type TCalendarDays } from '../lib/calendar';

export function AvailabilityPage() {
  const availability = useAvailability();
  const external = useExternalCalendar();
  // The days her external calendar makes busy (decision 096), marked in the month calendar.
  const busy = new Map((external.data?.busy_days ?? []).map((day) => [day.date, day]));
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(AVAILABILITY_TEXT.calendarTitle)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{AVAILABILITY_TEXT.calendarTitle}</h1>
      <p className="mt-2 text-base text-slate-700">{AVAILABILITY_TEXT.calendarIntro}</p>
      {availability.data ? (
        <AvailabilityForm saved={availability.data} busy={busy} />
      ) : availability.isError ? (
        <PageLoadError query={availability} className="mt-6" />
      ) : (
        <PageSpinner />
      )}
      <ExternalCalendarSection query={external} />
    </div>
  );
}

/** What the form edits, as strings where the user types. */
interface TDraft {
  days: TCalendarDays;
  comune: string;
  radius: string;
  minPay: string;
  visible: boolean;
}

const draftOf = (saved: TAvailability): TDraft => ({
  days: calendarDaysOf(saved.days),
  comune: saved.comune,
  radius: String(saved.radius_km || DEFAULT_AVAILABILITY_RADIUS_KM),
  minPay: saved.min_pay === null ? '' : String(saved.min_pay).replace('.', ','),
  // Hidden until the pharmacist says otherwise (the server's answer for a calendar never saved): privacy by default.
  visible: saved.visible,
});

/** The body of the save, read from the draft as typed ('20,50' is 20.50; an empty pay is any pay). */
function payloadOf(draft: TDraft): TAvailabilityInput {
  const pay = draft.minPay.trim().replace(',', '.');
  return {
    days: dayListOf(draft.days),
    comune: draft.comune,
    radius_km: draft.radius.trim() === '' ? Number.NaN : Number(draft.radius),
    min_pay: pay === '' ? null : Number(pay),
    visible: draft.visible,
  };
}

/** The field of a refusal's first key ('days.0.date' is the calendar's). */
const fieldOf = (key: string) => key.split('.')[0] ?? key;

function AvailabilityForm({ saved, busy }: { saved: TAvailability; busy: ReadonlyMap<string, TBusyDay> }) {
  const save = useSaveAvailability();
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stored, setStored] = useState(saved);
  const savedDraft = useRef(JSON.stringify(payloadOf(draftOf(saved))));
  const howToId = useId();
  const visibleTextId = useId();
  const daysErrorId = useId();
  const comuneId = useId();
  const radiusId = useId();
  const minPayId = useId();
  const { first, last } = availabilityWindow(todayInItaly());
  const dayCount = Object.keys(draft.days).length;

  const update = (change: Partial<TDraft>) => setDraft((current) => ({ ...current, ...change }));

  function showErrors(found: Record<string, string>, message: string) {
    setErrors(found);
    notify.error(message);
    const ids: Record<string, string> = { comune: comuneId, radius_km: radiusId, min_pay: minPayId };
    const firstField = ['comune', 'radius_km', 'min_pay'].find((field) => found[field]);
    if (firstField) document.getElementById(ids[firstField] ?? '')?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payload = payloadOf(draft);
    const parsed = ZAvailabilityInputSchema.safeParse(payload);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[fieldOf(issue.path.join('.'))] ??= issue.message;
      showErrors(found, parsed.error.issues[0]?.message ?? AVAILABILITY_TEXT.saveFailed);
      return;
    }
    // A page left open past midnight may hold a day that is now past: the server would name it too.
    const outside = dayOutsideWindow(parsed.data.days, todayInItaly());
    if (outside) {
      const message = AVAILABILITY_MESSAGES.dayOutOfRange(outside);
      showErrors({ days: message }, message);
      return;
    }
    try {
      const { message, ...answer } = await save.mutateAsync(payload);
      setErrors({});
      setStored(answer);
      const next = draftOf(answer);
      savedDraft.current = JSON.stringify(payloadOf(next));
      setDraft(next);
      notify.success(message);
    } catch (error) {
      const fields = error instanceof ApiError && error.fields ? error.fields : {};
      const found: Record<string, string> = {};
      for (const [key, value] of Object.entries(fields)) found[fieldOf(key)] ??= value;
      showErrors(found, errorMessage(error, AVAILABILITY_TEXT.saveFailed));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-6">
      {!stored.saved ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {AVAILABILITY_TEXT.notSavedYet}
        </p>
      ) : !stored.visible ? (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">{AVAILABILITY_TEXT.hiddenNow}</p>
      ) : null}

      <section
        aria-label={AVAILABILITY_TEXT.calendarTitle}
        className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-6"
      >
        <p id={howToId} className="mb-4 text-sm text-slate-700">
          {AVAILABILITY_TEXT.calendarHowTo}
        </p>
        <AvailabilityCalendar
          days={draft.days}
          onChange={(days) => {
            update({ days });
            if (errors.days) setErrors(({ days: _days, ...rest }) => rest);
          }}
          first={first}
          last={last}
          describedBy={howToId}
          busy={busy}
        />
        <p className="mt-4 text-sm font-medium text-slate-800" aria-live="polite">
          {dayCount ? AVAILABILITY_TEXT.daysCount(dayCount) : AVAILABILITY_TEXT.calendarEmptyHint}
        </p>
        <p className="mt-1 text-xs text-slate-600">{AVAILABILITY_TEXT.acceptedDaysNote}</p>
        {busy.size ? <p className="mt-1 text-xs text-slate-600">{EXTERNAL_CALENDAR_TEXT.busyNote}</p> : null}
        {errors.days ? (
          <p id={daysErrorId} role="alert" className="mt-3 text-sm font-medium text-red-700">
            {errors.days}
          </p>
        ) : null}
      </section>

      <section
        aria-labelledby="availability-settings-title"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="availability-settings-title" className="text-lg font-semibold text-slate-900">
          {AVAILABILITY_TEXT.settingsTitle}
        </h2>
        <ComuneField
          id={comuneId}
          label={AVAILABILITY_TEXT.comuneLabel}
          name="comune"
          required
          openOnFocus={false}
          value={draft.comune}
          error={errors.comune}
          onChange={(comune) => update({ comune })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={radiusId}
            type="number"
            inputMode="numeric"
            min={LIMITS.availabilityRadiusMinKm}
            max={LIMITS.availabilityRadiusMaxKm}
            step={1}
            required
            label={AVAILABILITY_TEXT.radiusLabel}
            hint={AVAILABILITY_TEXT.radiusHint}
            name="radius_km"
            value={draft.radius}
            error={errors.radius_km}
            onChange={(event) => update({ radius: event.target.value })}
          />
          <TextField
            id={minPayId}
            inputMode="decimal"
            label={AVAILABILITY_TEXT.minPayLabel}
            hint={AVAILABILITY_TEXT.minPayHint}
            name="min_pay"
            value={draft.minPay}
            error={errors.min_pay}
            onChange={(event) => update({ minPay: event.target.value })}
          />
        </div>
        <div className="flex items-start justify-between gap-4 rounded-xl bg-slate-50 p-4">
          <div>
            <label htmlFor="availability-visible" className="text-base font-semibold text-slate-900">
              {AVAILABILITY_TEXT.visibleLabel}
            </label>
            <p id={visibleTextId} className="mt-1 text-sm text-slate-700">
              {AVAILABILITY_TEXT.visibleText}
            </p>
          </div>
          <Switch.Root
            id="availability-visible"
            checked={draft.visible}
            onCheckedChange={(visible) => update({ visible })}
            aria-describedby={visibleTextId}
            className="relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-400 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 data-[state=checked]:bg-emerald-700"
          >
            <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
          </Switch.Root>
        </div>
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button type="submit" size="lg" loading={save.isPending}>
          {AVAILABILITY_TEXT.save}
        </Button>
      </div>
      <LeavePageGuard hasUnsavedChanges={() => JSON.stringify(payloadOf(draft)) !== savedDraft.current} />
    </form>
  );
}

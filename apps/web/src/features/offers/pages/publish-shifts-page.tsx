/**
 * /pubblica-turni, 'Pubblica più turni' (decision 090): a template (prefilled from the pharmacy's settings) on the days
 * picked on a month calendar or added by a weekly rule, with the count before publishing; or a CSV file, checked
 * first (every row's error listed) and published only when clean. Then back to 'Le Mie Offerte'.
 */

import type { TBulkPublished, TCsvRowError } from '@farmaponte/shared/bulk-offers';
import { addDays, todayInItaly } from '@farmaponte/shared/dates';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { BULK_TEXT } from '@farmaponte/shared/ui-text-bulk-offers';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextareaField, TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCurrentPharmacy } from '../../../lib/current-pharmacy';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { usePharmacyDefaults, usePublishShifts, useShiftsCsv } from '../api/publish-shifts';
import { BulkPayTermsFields } from '../components/bulk-pay-terms-fields';
import { LegalFormFields } from '../components/legal-form-fields';
import { ShiftCalendar } from '../components/shift-calendar';
import { DEFAULT_LEGAL_FORM, legalFormsPayload } from '../lib/legal-form-choice';
import { payTermsFormValues, payTermsInput } from '../lib/pay-terms-form';
import {
  addRuleDays,
  bulkRequestOf,
  RULE_WEEKDAYS,
  shiftDayLabel,
  type TShiftTemplateValues,
  templateFromSettings,
  toggleShiftDay,
} from '../lib/shift-days';

type TMode = 'calendar' | 'csv';

export function PublishShiftsPage() {
  const [mode, setMode] = useState<TMode>('calendar');
  const details = useUserDetails();
  // The pharmacy acted for: the switcher's, else the owner's own (a pharmacy is its owner's account).
  const choice = useCurrentPharmacy();
  const pharmacyId = typeof choice === 'number' ? choice : details.data?.id;
  const defaults = usePharmacyDefaults(pharmacyId);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(BULK_TEXT.pageTitle)}</title>
      <TextLink to={PATHS.myOffers} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {BULK_TEXT.backToOffers}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{BULK_TEXT.pageTitle}</h1>
      <p className="mt-2 text-base text-slate-700">{BULK_TEXT.intro}</p>

      <fieldset className="mt-6 flex flex-wrap gap-2">
        <legend className="sr-only">{BULK_TEXT.modeLabel}</legend>
        {(['calendar', 'csv'] as const).map((value) => (
          <button
            key={value}
            type="button"
            id={`modo-${value}`}
            aria-pressed={mode === value}
            onClick={() => setMode(value)}
            className={cn(
              'min-h-11 flex-1 rounded-lg border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-emerald-700 sm:flex-none',
              mode === value ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-300 bg-white text-slate-800',
            )}
          >
            {value === 'calendar' ? BULK_TEXT.modeCalendar : BULK_TEXT.modeCsv}
          </button>
        ))}
      </fieldset>

      {mode === 'csv' ? (
        <CsvUpload />
      ) : defaults.isPending && pharmacyId !== undefined ? (
        <div role="status" aria-label={BULK_TEXT.settingsLoading}>
          <PageSpinner />
        </div>
      ) : (
        // Built once the settings are known, so its first values are theirs.
        <CalendarForm initial={templateFromSettings(defaults.data)} />
      )}
    </div>
  );
}

/** What the server answered wrong with the days or the template: the fields' messages, for each to show. */
type TProblems = Record<string, string>;

function CalendarForm({ initial }: { initial: TShiftTemplateValues }) {
  const navigate = useNavigate();
  const publish = usePublishShifts();
  const hintId = useId();
  const today = todayInItaly();
  const lastDay = addDays(today, LIMITS.bulkOfferDaysMax);
  const [values, setValues] = useState(initial);
  const [days, setDays] = useState<string[]>([]);
  const [rule, setRule] = useState<{ weekdays: number[]; from: string; to: string }>({ weekdays: [], from: today, to: '' });
  const [problems, setProblems] = useState<TProblems>({});
  const [legal, setLegal] = useState(DEFAULT_LEGAL_FORM);
  const [payTerms, setPayTerms] = useState(() => payTermsFormValues(null));

  const field = (name: keyof TShiftTemplateValues) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: problems[name],
  });

  function applyRule() {
    const { days: next, added } = addRuleDays(days, rule, today);
    setDays(next);
    if (added) notify.success(BULK_TEXT.ruleAdded(added));
    else notify.info(BULK_TEXT.ruleNothing);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblems({});
    try {
      const answer = await publish.mutateAsync({
        ...bulkRequestOf(values, days),
        ...legalFormsPayload(legal),
        pay_terms: payTermsInput(payTerms, { freelance: legal.choice !== 'dipendente' }),
      });
      notify.success(answer.message);
      navigate(PATHS.myOffers);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setProblems(error.fields);
      notify.error(errorMessage(error, MESSAGES.loadFailed));
    }
  }

  // Problems of the days (`dates.3`, `every.from`) are listed above the button; those of a field sit under it.
  const dayProblems = Object.entries(problems).filter(([path]) => path.startsWith('dates') || path.startsWith('every'));
  const tooMany = days.length > LIMITS.bulkOfferDaysMax;

  return (
    <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-8" aria-busy={publish.isPending}>
      <section aria-labelledby="turno-modello" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="turno-modello" className="text-lg font-semibold text-slate-900">
          {BULK_TEXT.templateTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{BULK_TEXT.templateHint}</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            id="titolo"
            label={OWNER_TEXT.offerTitleLabel}
            required
            placeholder={OWNER_TEXT.offerTitlePlaceholder}
            className="sm:col-span-2"
            {...field('title')}
          />
          <TextareaField
            id="descrizione"
            label={UI_TEXT.offerDescriptionLabel}
            placeholder={OWNER_TEXT.offerDescriptionPlaceholder}
            className="sm:col-span-2"
            {...field('description')}
          />
          <TextField id="paga" label={OWNER_TEXT.offerHourlyPayLabel} inputMode="decimal" {...field('hourly_pay')} />
          <TextField id="posti" label={UI_TEXT.offerPositionsLabel} inputMode="numeric" {...field('positions')} />
          <TextField id="inizio" type="time" label={OWNER_TEXT.offerStartTimeLabel} {...field('start_time')} />
          <TextField id="fine" type="time" label={OWNER_TEXT.offerEndTimeLabel} {...field('end_time')} />
          <div className="sm:col-span-2">
            <LegalFormFields
              value={legal}
              onChange={setLegal}
              error={problems.legal_forms ?? problems.legal_form}
              levelError={problems.ccnl_level}
            />
          </div>
          <BulkPayTermsFields
            value={payTerms}
            onChange={setPayTerms}
            freelance={legal.choice !== 'dipendente'}
            problems={problems}
          />
        </div>
      </section>

      <section aria-labelledby="giorni" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="giorni" className="text-lg font-semibold text-slate-900">
          {BULK_TEXT.calendarTitle}
        </h2>
        <p id={hintId} className="mt-1 text-sm text-slate-700">
          {BULK_TEXT.calendarHint}
        </p>
        <div className="mt-4">
          <ShiftCalendar
            days={days}
            onToggle={(date) => setDays((current) => toggleShiftDay(current, date))}
            first={today}
            last={lastDay}
            describedBy={hintId}
          />
        </div>

        <fieldset className="mt-6 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-base font-semibold text-slate-900">{BULK_TEXT.ruleTitle}</legend>
          <p className="text-sm font-medium text-slate-800">{BULK_TEXT.ruleWeekdays}</p>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {RULE_WEEKDAYS.map(({ value, label }) => (
              <CheckboxField
                key={value}
                id={`ogni-${value}`}
                label={label}
                checked={rule.weekdays.includes(value)}
                onChange={(event) =>
                  setRule((current) => ({
                    ...current,
                    weekdays: event.target.checked
                      ? [...current.weekdays, value]
                      : current.weekdays.filter((weekday) => weekday !== value),
                  }))
                }
              />
            ))}
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField
              id="dal"
              type="date"
              label={BULK_TEXT.ruleFrom}
              min={today}
              value={rule.from}
              onChange={(event) => setRule((current) => ({ ...current, from: event.target.value }))}
            />
            <TextField
              id="al"
              type="date"
              label={BULK_TEXT.ruleTo}
              min={rule.from || today}
              value={rule.to}
              onChange={(event) => setRule((current) => ({ ...current, to: event.target.value }))}
            />
          </div>
          <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={applyRule}>
            {BULK_TEXT.ruleApply}
          </Button>
        </fieldset>
      </section>

      <section aria-labelledby="anteprima" className="flex flex-col gap-3">
        <h2 id="anteprima" className="sr-only">
          {BULK_TEXT.pickedDays}
        </h2>
        <p className="text-lg font-semibold text-slate-900" aria-live="polite" id="anteprima-turni">
          {BULK_TEXT.preview(days.length)}
        </p>
        {days.length ? (
          <>
            <ul className="flex flex-wrap gap-2 text-sm text-slate-700">
              {days.map((day) => (
                <li key={day} className="rounded-full bg-emerald-50 px-3 py-1">
                  {shiftDayLabel(day, false)}
                </li>
              ))}
            </ul>
            <Button variant="ghost" className="self-start" onClick={() => setDays([])}>
              {BULK_TEXT.clearDays}
            </Button>
          </>
        ) : null}
        {tooMany ? <p className="text-sm font-medium text-red-700">{BULK_TEXT.tooManyDays}</p> : null}
        {dayProblems.length ? (
          <ProblemList title={BULK_TEXT.problemsTitle} items={dayProblems.map(([, message]) => message)} />
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto sm:self-start"
          loading={publish.isPending}
          disabled={!days.length || tooMany}
        >
          {publish.isPending ? BULK_TEXT.publishBusy : BULK_TEXT.publish(days.length)}
        </Button>
      </section>
    </form>
  );
}

function ProblemList({ title, items, id }: { title: string; items: string[]; id?: string }) {
  return (
    <div id={id} role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 className="text-base font-semibold text-red-800">{title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** The CSV tab: 'Controlla il file' first; 'Pubblica' only once the file checked is clean and unchanged. */
function CsvUpload() {
  const navigate = useNavigate();
  const csv = useShiftsCsv();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<TBulkPublished | null>(null);
  const [rowErrors, setRowErrors] = useState<TCsvRowError[]>([]);

  async function send(checkOnly: boolean) {
    if (!file) {
      notify.error(BULK_TEXT.csvNoFile);
      return;
    }
    setRowErrors([]);
    try {
      const answer = await csv.mutateAsync({ file, checkOnly });
      if (checkOnly) {
        setChecked(answer);
        return;
      }
      notify.success(answer.message);
      navigate(PATHS.myOffers);
    } catch (error) {
      setChecked(null);
      if (error instanceof ApiError && error.rows?.length) setRowErrors(error.rows);
      notify.error(errorMessage(error, MESSAGES.loadFailed));
    }
  }

  return (
    <section
      aria-labelledby="file-csv"
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="file-csv" className="text-lg font-semibold text-slate-900">
        {BULK_TEXT.csvTitle}
      </h2>
      <TextField
        id="csv"
        type="file"
        accept=".csv,text/csv"
        label={BULK_TEXT.csvFileLabel}
        hint={BULK_TEXT.csvHint}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          if (checked) notify.info(BULK_TEXT.csvChanged);
          setChecked(null);
          setRowErrors([]);
        }}
      />
      <details className="text-sm text-slate-700">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-900">{BULK_TEXT.csvColumnsTitle}</summary>
        <code className="mt-2 block overflow-x-auto rounded bg-slate-100 p-2 text-xs">{BULK_TEXT.csvExample}</code>
        <dl className="mt-2 grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
          {BULK_TEXT.csvColumns.map(([name, meaning]) => (
            <div key={name} className="contents">
              <dt className="font-mono text-slate-900">{name}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" loading={csv.isPending && csv.variables?.checkOnly} onClick={() => send(true)}>
          {csv.isPending && csv.variables?.checkOnly ? BULK_TEXT.csvChecking : BULK_TEXT.csvCheck}
        </Button>
        <Button
          loading={csv.isPending && !csv.variables?.checkOnly}
          disabled={!checked || csv.isPending}
          onClick={() => send(false)}
        >
          {csv.isPending && !csv.variables?.checkOnly
            ? BULK_TEXT.publishBusy
            : checked
              ? BULK_TEXT.publish(checked.count)
              : BULK_TEXT.csvPublish}
        </Button>
      </div>
      {checked ? (
        <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          <p className="font-semibold">{BULK_TEXT.csvClean(checked.count)}</p>
          <ul className="mt-1 list-disc pl-5">
            {checked.series.map((series) => (
              <li key={series.pharmacy_id}>{BULK_TEXT.csvSeries(series.pharmacy, series.days.length)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {rowErrors.length ? (
        <ProblemList
          id="errori-csv"
          title={BULK_TEXT.csvErrorsTitle(rowErrors.length)}
          items={rowErrors.map((row) => row.message)}
        />
      ) : null}
    </section>
  );
}

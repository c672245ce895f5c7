/**
 * 'Importa elenco farmacie del Ministero': uploads the Ministry's CSV and follows the server's progress lines live,
 * then shows the report (how many rows were read, added, updated, skipped and why).
 */
import type { TImportReport } from '@farmaponte/shared';
import { REGISTRY_MESSAGES } from '@farmaponte/shared/messages';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { IMPORT_MAX_BYTES, type TImportState, useImportPharmacies } from '../api/import-pharmacies';
import { formatCount } from '../lib/format';

export function RegistryImportPanel({ className }: { className?: string }) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');
  const { state, start, fail, busy } = useImportPharmacies();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return fail(ADMIN_TEXT.importNoFile);
    if (file.size > IMPORT_MAX_BYTES) return fail(ADMIN_TEXT.importTooLarge);
    void start(file);
  }

  return (
    <section
      aria-labelledby="import-title"
      className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}
    >
      <h2 id="import-title" className="text-xl font-bold text-slate-900">
        {ADMIN_TEXT.importTitle}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{ADMIN_TEXT.importIntro}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id={inputId} label={ADMIN_TEXT.importFileLabel} className="min-w-0 flex-1">
          {/* The browser's own file button speaks the browser's language: ours is Italian, the input stays underneath. */}
          <div className="relative flex min-h-11 items-center gap-3 rounded-lg border border-slate-400 bg-white px-1.5 py-1.5 has-[:disabled]:bg-slate-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-700">
            <input
              ref={fileInput}
              id={inputId}
              name="file"
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              aria-describedby={`${inputId}-name`}
              onChange={(event) => setFileName(event.target.files?.[0]?.name ?? '')}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
            />
            <span
              aria-hidden="true"
              className="shrink-0 rounded-md bg-emerald-50 px-3 py-1.5 text-sm font-semibold text-emerald-800 peer-hover:bg-emerald-100"
            >
              {ADMIN_TEXT.importChooseFile}
            </span>
            <span
              id={`${inputId}-name`}
              className={cn('min-w-0 truncate text-base', fileName ? 'text-slate-900' : 'text-slate-500')}
            >
              {fileName || ADMIN_TEXT.importNoFileChosen}
            </span>
          </div>
        </Field>
        <Button type="submit" loading={busy} className="sm:w-auto">
          {ADMIN_TEXT.importButton}
        </Button>
      </form>
      {/* Screen readers hear the phase changes, not every progress line. */}
      <p role="status" className="sr-only">
        {phaseAnnouncement(state)}
      </p>
      <ImportStatus state={state} />
    </section>
  );
}

function phaseAnnouncement(state: TImportState): string {
  switch (state.phase) {
    case 'uploading':
      return ADMIN_TEXT.importUploading;
    case 'processing':
      return ADMIN_TEXT.importInProgress;
    case 'done':
      return ADMIN_TEXT.importDone;
    default:
      return '';
  }
}

function ImportStatus({ state }: { state: TImportState }) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'uploading':
      return <ProgressBar text={ADMIN_TEXT.importUploading} />;
    case 'processing': {
      if (state.total === 0) return <ProgressBar text={ADMIN_TEXT.importProcessing} />;
      const percent = Math.min(100, Math.round((state.done / state.total) * 100));
      return (
        <ProgressBar
          percent={percent}
          text={ADMIN_TEXT.importProgress(formatCount(state.done), formatCount(state.total), percent)}
        />
      );
    }
    case 'done':
      return <ImportReport report={state.report} />;
    case 'error':
      return (
        <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{ADMIN_TEXT.importFailed}</p>
          <p className="mt-1 break-words">{state.message}</p>
        </div>
      );
  }
}

/** Determinate with a percentage, indeterminate (a sliding bar) without one. */
function ProgressBar({ percent, text }: { percent?: number; text: string }) {
  return (
    <div className="mt-4 flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label={ADMIN_TEXT.importProgressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-3 overflow-hidden rounded-full bg-emerald-100"
      >
        {/* Keys: the sliding bar and the filling one are different elements, so the fill does not animate from a third. */}
        {percent === undefined ? (
          <div key="indeterminate" className="h-full w-1/3 animate-progress rounded-full bg-emerald-700" />
        ) : (
          <div
            key="determinate"
            className="h-full rounded-full bg-emerald-700 transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        )}
      </div>
      <p className="text-sm text-slate-700">{text}</p>
    </div>
  );
}

function ImportReport({ report }: { report: TImportReport }) {
  const reasons = Object.entries(report.skippedReasons).filter(([, count]) => count > 0);
  const counts: [string, number][] = [
    [ADMIN_TEXT.importReportRead, report.read],
    [ADMIN_TEXT.importReportImported, report.imported],
    [ADMIN_TEXT.importReportUpdated, report.updated],
    [ADMIN_TEXT.importReportSkipped, report.skipped],
    [ADMIN_TEXT.importReportWithoutCoordinates, report.withoutCoordinates],
  ];
  return (
    <div className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <h3 className="flex items-center gap-2 text-base font-semibold text-emerald-900">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {ADMIN_TEXT.importDone}
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-white px-3 py-2 shadow-xs">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-800">
        {ADMIN_TEXT.importEncoding}: <strong className="font-semibold">{REGISTRY_MESSAGES.encodings[report.encoding]}</strong>
      </p>
      {reasons.length > 0 ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-slate-900">{ADMIN_TEXT.importSkippedReasons}</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-800">
            {reasons.map(([reason, count]) => (
              <li key={reason}>
                {reason}: <strong className="font-semibold">{formatCount(count)}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.badRowCount > 0 ? <BadRows report={report} /> : null}
    </div>
  );
}

/** The rows the import skipped as faulty, by row number, so the admin can fix them in the file. */
function BadRows({ report }: { report: TImportReport }) {
  const more = report.badRowCount - report.badRows.length;
  return (
    <>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">
        {ADMIN_TEXT.importBadRowsTitle(formatCount(report.badRowCount))}
      </h4>
      <ul className="mt-1 max-h-64 list-disc space-y-0.5 overflow-y-auto pl-5 text-sm break-words text-slate-800">
        {report.badRows.map(({ row, reason }) => (
          <li key={row}>{ADMIN_TEXT.importBadRow(row, reason)}</li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-1 text-sm text-slate-700">{ADMIN_TEXT.importBadRowsMore(formatCount(more))}</p> : null}
    </>
  );
}

/**
 * 'Calendario esterno' on /disponibilita (decision 096): the private iCal address of her calendar, read at once by the
 * server; then its host (never the address), when it was last read or why not, 'Aggiorna ora' and 'Rimuovi'. A form of
 * its own beside the availability's: saving one never saves the other.
 */
import {
  EXTERNAL_CALENDAR_MESSAGES,
  type TExternalCalendar,
  ZExternalCalendarInputSchema,
} from '@farmaponte/shared/availability';
import { formatDate, romeMinuteOfDay, todayInItaly } from '@farmaponte/shared/dates';
import { EXTERNAL_CALENDAR_TEXT as T } from '@farmaponte/shared/ui-text-external-calendar';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { useRefreshExternalCalendar, useRemoveExternalCalendar, useSaveExternalCalendar } from '../api/external-calendar';

/** 'Aggiornato alle 14:05', or with its date when it was not today (Italian clocks). */
function refreshedText(iso: string): string {
  const at = new Date(iso);
  const minutes = romeMinuteOfDay(at);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const day = todayInItaly(at);
  return T.refreshedAt(time, day === todayInItaly() ? undefined : formatDate(day));
}

export function ExternalCalendarSection({ query }: { query: UseQueryResult<TExternalCalendar> }) {
  const titleId = useId();
  const urlId = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveExternalCalendar();
  const refresh = useRefreshExternalCalendar();
  const remove = useRemoveExternalCalendar();
  const calendar = query.data?.calendar ?? null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZExternalCalendarInputSchema.safeParse({ url });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? EXTERNAL_CALENDAR_MESSAGES.urlInvalid;
      setError(message);
      document.getElementById(urlId)?.focus();
      return;
    }
    try {
      const answer = await save.mutateAsync(url.trim());
      setError(undefined);
      setUrl('');
      if (answer) notify.success(answer.message);
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.fields?.url ? failure.fields.url : errorMessage(failure, T.loadFailed);
      setError(message);
      notify.error(message);
      document.getElementById(urlId)?.focus();
    }
  }

  async function onRefresh() {
    try {
      const answer = await refresh.mutateAsync(undefined);
      if (answer?.calendar?.error) notify.error(answer.message);
      else if (answer) notify.success(answer.message);
    } catch (failure) {
      notify.error(errorMessage(failure, T.loadFailed));
    }
  }

  async function onRemove() {
    try {
      await remove.mutateAsync(undefined);
      notify.success(EXTERNAL_CALENDAR_MESSAGES.removed);
    } catch (failure) {
      notify.error(errorMessage(failure, T.loadFailed));
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      aria-busy={query.isPending}
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {T.sectionTitle}
      </h2>
      <p className="text-sm text-slate-700">{T.sectionIntro}</p>
      {query.isPending ? (
        <p className="text-sm text-slate-700" role="status">
          {T.loading}
        </p>
      ) : query.isError ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {T.loadFailed}
        </p>
      ) : calendar ? (
        <div
          className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm text-slate-800"
          data-testid="external-calendar-state"
        >
          <p className="text-base font-semibold text-slate-900">{T.connectedTo(calendar.host)}</p>
          <p>{calendar.refreshed_at ? refreshedText(calendar.refreshed_at) : T.neverRefreshed}</p>
          <p>
            {T.busyCount(calendar.busy_count)} {T.autoRefresh}
          </p>
          {calendar.error_message ? (
            <p className="font-medium text-red-700" role="alert">
              {T.lastError} {calendar.error_message}
            </p>
          ) : null}
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <Button type="button" variant="secondary" onClick={onRefresh} loading={refresh.isPending}>
              {refresh.isPending ? T.refreshing : T.refresh}
            </Button>
            <Button type="button" variant="danger" onClick={onRemove} loading={remove.isPending}>
              {remove.isPending ? T.removing : T.remove}
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{T.none}</p>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <TextField
          id={urlId}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          label={T.urlLabel}
          hint={T.urlHint}
          placeholder={T.urlPlaceholder}
          name="calendar_url"
          value={url}
          error={error}
          onChange={(event) => {
            setUrl(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <div className="flex sm:justify-end">
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? T.saving : calendar ? T.replace : T.save}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * The profile's 'Calendario dei turni' (decision 075, pharmacists): make the private calendar link, shown once with
 * 'Copia' and how to add it to Google Calendar or an iPhone; make a new one (the old stops working) or turn it off.
 */

import type { TCalendarFeedCreated } from '@farmaponte/shared';
import { formatDate, todayInItaly } from '@farmaponte/shared/dates';
import { CALENDAR_FEED_TEXT } from '@farmaponte/shared/ui-text-calendar-feed';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, notify } from '../../../lib/notify';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';

/** A link in a read-only field, selected on focus, with 'Copia'. */
function CopyableLink({ label, value }: { label: string; value: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(CALENDAR_FEED_TEXT.copied);
    } catch {
      inputRef.current?.select();
      notify.error(CALENDAR_FEED_TEXT.copyFailed);
    }
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField
        ref={inputRef}
        label={label}
        value={value}
        readOnly
        onFocus={(event) => event.target.select()}
        className="min-w-0 flex-1"
      />
      <Button variant="secondary" onClick={() => void copy()} aria-label={`${CALENDAR_FEED_TEXT.copy}: ${label}`}>
        {CALENDAR_FEED_TEXT.copy}
      </Button>
    </div>
  );
}

export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [created, setCreated] = useState<TCalendarFeedCreated | null>(null);
  const [asking, setAsking] = useState<'recreate' | 'revoke' | null>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);

  async function makeLink() {
    try {
      setCreated(await create.mutateAsync());
    } catch (error) {
      notify.error(errorMessage(error, CALENDAR_FEED_TEXT.failed));
    } finally {
      setAsking(null);
    }
  }

  async function turnOff() {
    try {
      const answer = await revoke.mutateAsync();
      setCreated(null);
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorMessage(error, CALENDAR_FEED_TEXT.failed));
    } finally {
      setAsking(null);
    }
  }

  const ask = (question: 'recreate' | 'revoke') => (event: { currentTarget: HTMLElement }) => {
    returnFocusRef.current = event.currentTarget;
    setAsking(question);
  };

  return (
    <section
      aria-labelledby="calendar-feed-title"
      className="mt-8 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div>
        <h2 id="calendar-feed-title" className="text-lg font-semibold text-slate-900">
          {CALENDAR_FEED_TEXT.title}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{CALENDAR_FEED_TEXT.intro}</p>
      </div>
      {feed.data ? (
        <>
          {created ? (
            <div className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
              <p role="status" className="text-sm font-medium text-emerald-950">
                {CALENDAR_FEED_TEXT.once}
              </p>
              <CopyableLink label={CALENDAR_FEED_TEXT.webcalLabel} value={created.webcal_url} />
              <CopyableLink label={CALENDAR_FEED_TEXT.httpsLabel} value={created.https_url} />
              <p className="text-sm text-slate-800">{CALENDAR_FEED_TEXT.howGoogle}</p>
              <p className="text-sm text-slate-800">{CALENDAR_FEED_TEXT.howIphone}</p>
              <a
                href={created.webcal_url}
                className="inline-flex min-h-11 items-center self-start font-semibold text-emerald-800 underline underline-offset-2"
              >
                {CALENDAR_FEED_TEXT.openOnPhone}
              </a>
            </div>
          ) : (
            <p className="text-sm text-slate-700">
              {feed.data.exists && feed.data.created_at
                ? CALENDAR_FEED_TEXT.activeSince(formatDate(todayInItaly(new Date(feed.data.created_at))))
                : CALENDAR_FEED_TEXT.none}
            </p>
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            {feed.data.exists ? (
              <>
                <Button variant="secondary" loading={create.isPending} onClick={ask('recreate')}>
                  {CALENDAR_FEED_TEXT.recreate}
                </Button>
                <Button variant="danger" loading={revoke.isPending} onClick={ask('revoke')}>
                  {CALENDAR_FEED_TEXT.revoke}
                </Button>
              </>
            ) : (
              <Button loading={create.isPending} onClick={() => void makeLink()}>
                {create.isPending ? CALENDAR_FEED_TEXT.busy : CALENDAR_FEED_TEXT.create}
              </Button>
            )}
          </div>
        </>
      ) : feed.isError ? (
        <QueryLoadError query={feed} fallback={CALENDAR_FEED_TEXT.loadFailed} />
      ) : (
        <Spinner />
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking === 'revoke' ? CALENDAR_FEED_TEXT.revokeTitle : CALENDAR_FEED_TEXT.recreateTitle}
        description={asking === 'revoke' ? CALENDAR_FEED_TEXT.revokeQuestion : CALENDAR_FEED_TEXT.recreateQuestion}
        confirmLabel={asking === 'revoke' ? CALENDAR_FEED_TEXT.revoke : CALENDAR_FEED_TEXT.recreate}
        busyLabel={CALENDAR_FEED_TEXT.busy}
        cancelLabel={CALENDAR_FEED_TEXT.keep}
        busy={create.isPending || revoke.isPending}
        onConfirm={() => void (asking === 'revoke' ? turnOff() : makeLink())}
        returnFocusRef={returnFocusRef}
      />
    </section>
  );
}

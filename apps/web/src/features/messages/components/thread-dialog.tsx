/**
 * An application's thread in a dialog (decision 072): the messages newest last with their author and time, 'Segnala' on
 * the other side's, the textarea with its 2,000 characters counted and 'Invia' (Ctrl+Invio too), or the closed state.
 * The live stream refreshes it while it is open; a new message of the other side is said to screen readers.
 */
import type { TThread, TThreadMessage } from '@farmaponte/shared';
import { formatDateTime } from '@farmaponte/shared/dates';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { THREAD_MESSAGES, THREAD_TEXT } from '@farmaponte/shared/ui-text-messages';
import { ORGANISATION_TEXT } from '@farmaponte/shared/ui-text-organisation';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ReportButton } from '../../../components/report-button';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextareaField } from '../../../components/ui/field';
import type { TLazyDialogProps } from '../../../components/ui/lazy-dialog-button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/notify';
import { useThread } from '../api/get-thread';
import { useSendMessage } from '../api/send-message';

interface TThreadDialogProps extends TLazyDialogProps {
  applicationId: number;
  otherName: string;
}

export default function ThreadDialog({ applicationId, otherName, open, onOpenChange, returnFocusRef }: TThreadDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={THREAD_TEXT.title(otherName)}
      returnFocusRef={returnFocusRef}
      className="max-w-xl"
    >
      {open ? <Thread applicationId={applicationId} otherName={otherName} /> : null}
    </Dialog>
  );
}

/** The last minute a message may be written, as [dd/mm/yyyy, HH:MM] in Rome: the one before the thread closes. */
const lastOpenMinute = (closesAt: string) =>
  formatDateTime(new Date(new Date(closesAt).getTime() - 60_000).toISOString()).split(' ') as [string, string];

function Thread({ applicationId, otherName }: { applicationId: number; otherName: string }) {
  const thread = useThread(applicationId);
  const pages = thread.data?.pages;
  const newest: TThread | undefined = pages?.[0];
  // The pages come newest first; each is oldest first. A message is listed once even while the pages shift.
  const messages = useMemo(() => {
    const seen = new Set<number>();
    return [...(pages ?? [])]
      .reverse()
      .flatMap((page) => page.results)
      .filter((message) => !seen.has(message.id) && seen.add(message.id));
  }, [pages]);
  const listRef = useRef<HTMLOListElement>(null);
  const lastId = messages.at(-1)?.id;
  const [announcement, setAnnouncement] = useState('');
  const seenLast = useRef<number | undefined>(undefined);

  // The newest message in view; a new one of the other side, said once to screen readers.
  useLayoutEffect(() => {
    if (lastId === undefined) return;
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    const last = messages.at(-1);
    if (seenLast.current !== undefined && last && !last.mine && last.id !== seenLast.current)
      setAnnouncement(THREAD_TEXT.arrived(otherName));
    seenLast.current = lastId;
  }, [lastId, messages, otherName]);

  if (!newest) return thread.isError ? <QueryLoadError query={thread} className="text-base" /> : <Spinner />;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{THREAD_TEXT.about(newest.offer_title)}</p>
      {thread.hasNextPage ? (
        <Button
          variant="ghost"
          className="self-center"
          loading={thread.isFetchingNextPage}
          onClick={() => void thread.fetchNextPage()}
        >
          {thread.isFetchingNextPage ? THREAD_TEXT.olderLoading : THREAD_TEXT.older}
        </Button>
      ) : null}
      {messages.length ? (
        <ol
          ref={listRef}
          aria-label={THREAD_TEXT.listLabel}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard to scroll it
          tabIndex={0}
          className="flex max-h-[45dvh] flex-col gap-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} thread={newest} otherName={otherName} />
          ))}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-base text-slate-700">
          {THREAD_TEXT.empty}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {newest.open ? (
        <MessageForm applicationId={applicationId} closesAt={newest.closes_at} onClosed={() => void thread.refetch()} />
      ) : (
        <p role="status" className="rounded-lg bg-slate-100 p-3 text-base text-slate-800">
          {THREAD_TEXT.closed}
        </p>
      )}
    </div>
  );
}

/**
 * Who wrote a message: 'Tu', or the other side; a message of a pharmacy's staff names its author (decision 089):
 * "Farmacia X (Laura Neri)" to the pharmacist, the colleague's name to the pharmacy's other people.
 */
function authorOf(message: TThreadMessage, otherName: string, myName: string): string {
  if (!message.author_name) return message.mine ? THREAD_TEXT.you : otherName;
  if (message.mine) return message.author_name === myName ? THREAD_TEXT.you : message.author_name;
  return ORGANISATION_TEXT.actedBy(otherName, message.author_name);
}

function MessageItem({ message, thread, otherName }: { message: TThreadMessage; thread: TThread; otherName: string }) {
  const profile = useUserDetails().data?.profile;
  const myName = `${profile?.name ?? ''} ${profile?.surname ?? ''}`.trim();
  return (
    <li
      className={cn(
        'max-w-[85%] rounded-2xl px-3 py-2 text-base shadow-sm',
        message.mine ? 'self-end bg-emerald-700 text-white' : 'self-start border border-slate-200 bg-white text-slate-900',
      )}
    >
      <p className={cn('text-xs font-semibold', message.mine ? 'text-emerald-50' : 'text-slate-600')}>
        {authorOf(message, otherName, myName)} · <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        {message.mine && message.read ? ` · ${THREAD_TEXT.read}` : ''}
      </p>
      <p className="mt-0.5 whitespace-pre-line break-words">{message.body}</p>
      {message.mine ? null : (
        <ReportButton
          targetType="user"
          targetId={thread.other_id}
          name={otherName}
          messageId={message.id}
          className="mt-1 inline-flex min-h-11 items-center gap-1 text-xs font-medium text-slate-600 underline underline-offset-2 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-emerald-700"
        />
      )}
    </li>
  );
}

function MessageForm({
  applicationId,
  closesAt,
  onClosed,
}: {
  applicationId: number;
  closesAt: string | null;
  onClosed: () => void;
}) {
  const send = useSendMessage(applicationId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const left = LIMITS.messageMaxLength - text.trim().length;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    // The same rules as the server's schema (ZMessageInputSchema), said before the round trip.
    if (!text.trim()) return setError(THREAD_MESSAGES.messageRequired);
    if (left < 0) return setError(THREAD_MESSAGES.messageTooLong);
    try {
      await send.mutateAsync({ body: text });
      setText('');
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.serverError));
      if (failure instanceof ApiError && failure.code === 'thread_closed') onClosed();
    }
  };
  const sendOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextareaField
        label={THREAD_TEXT.textareaLabel}
        hint={
          <>
            {THREAD_TEXT.charactersLeft(Math.max(0, left))}
            {closesAt ? ` · ${THREAD_TEXT.closesOn(...lastOpenMinute(closesAt))}` : ''}
          </>
        }
        // The dialog opens to write: the focus goes to the textarea once the thread has loaded.
        autoFocus
        rows={3}
        className="[&_textarea]:min-h-24"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        onKeyDown={sendOnCtrlEnter}
        error={error}
      />
      <p className="text-xs text-slate-600">{THREAD_TEXT.mailNote}</p>
      <Button type="submit" className="self-end" loading={send.isPending}>
        {send.isPending ? THREAD_TEXT.sending : THREAD_TEXT.send}
      </Button>
    </form>
  );
}

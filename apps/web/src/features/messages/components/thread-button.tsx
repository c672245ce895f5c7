/**
 * 'Messaggi' on an application's card (both sides, decision 072): the unread count as a badge and in the button's name,
 * and the thread's dialog, downloaded on hover or focus and opened on click (or at once when a notification's link
 * names this application: `startOpen`).
 */
import { THREAD_TEXT } from '@farmaponte/shared/ui-text-messages';
import { Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { OverlaySpinner } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { useUnreadMessages } from '../api/get-unread-messages';

const ThreadDialog = lazyWithPreload(() => import('./thread-dialog'));

/** The query parameter of a thread to open, as the server writes it in a message's notification link. */
export const THREAD_PARAM = 'conversazione';

interface TThreadButtonProps {
  applicationId: number;
  /** The other side as the reader knows them: the pharmacy, or the applicant. */
  otherName: string;
  startOpen?: boolean;
}

export function ThreadButton({ applicationId, otherName, startOpen = false }: TThreadButtonProps) {
  const unread = useUnreadMessages(applicationId);
  const [open, setOpen] = useState(startOpen);
  const [used, setUsed] = useState(startOpen);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="secondary"
        aria-haspopup="dialog"
        aria-label={THREAD_TEXT.buttonLabel(unread, otherName)}
        onPointerEnter={ThreadDialog.preload}
        onFocus={ThreadDialog.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" strokeLinejoin="round" />
        </svg>
        {THREAD_TEXT.button}
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      {used ? (
        <Suspense fallback={<OverlaySpinner />}>
          <ThreadDialog
            applicationId={applicationId}
            otherName={otherName}
            open={open}
            onOpenChange={setOpen}
            returnFocusRef={buttonRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}

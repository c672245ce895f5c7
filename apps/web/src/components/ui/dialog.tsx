/**
 * Modal dialogs on Radix: focus is trapped inside, Escape, the close button and a click outside dismiss, focus returns
 * to the trigger. A dialog holding unsaved changes asks before it lets them go.
 */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { AlertDialog as RadixAlertDialog, Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, type RefObject, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

const OVERLAY = 'fixed inset-0 bg-slate-900/50 motion-safe:animate-fade-in';
const CONTENT =
  'fixed left-1/2 top-1/2 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 ' +
  'flex-col overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus-visible:outline-none motion-safe:animate-dialog-in';
const TITLE = 'pr-8 text-xl font-bold text-slate-900';

interface TDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The element that opens the dialog (a Button); focus returns to it on close. */
  trigger?: ReactNode;
  /** Without a trigger: where the focus goes back when the dialog closes (the button that opened it). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
  className?: string;
  /**
   * Asked when the user closes the dialog (Escape, 'Chiudi', a click outside): true when the form inside has changes
   * not saved, and then DiscardChangesDialog asks first. Closing from the code (after a save) is not asked about.
   */
  hasUnsavedChanges?: () => boolean;
}

/** Radix returns the focus to its own Trigger; a dialog opened by another button sends it back there instead. */
function returnFocus(ref: RefObject<HTMLElement | null> | undefined) {
  return ref
    ? (event: Event) => {
        event.preventDefault();
        ref.current?.focus();
      }
    : undefined;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  returnFocusRef,
  children,
  className,
  hasUnsavedChanges,
}: TDialogProps) {
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  // Without a description Radix wants aria-describedby explicitly unset.
  const describedBy = description ? {} : { 'aria-describedby': undefined };
  // Only the user's own ways of closing come through Radix; nothing unsaved means it closes straight away.
  const requestOpenChange = (next: boolean) => {
    if (!next && hasUnsavedChanges?.()) setAskingToDiscard(true);
    else onOpenChange(next);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={requestOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={cn(OVERLAY, 'z-40')} />
        <RadixDialog.Content
          className={cn(CONTENT, 'z-50', className)}
          onCloseAutoFocus={returnFocus(returnFocusRef)}
          {...describedBy}
        >
          <RadixDialog.Title className={TITLE}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-sm text-slate-700">{description}</RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close asChild>
            <button
              type="button"
              aria-label={UI_TEXT.close}
              className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
      <DiscardChangesDialog
        open={open && askingToDiscard}
        onStay={() => setAskingToDiscard(false)}
        onDiscard={() => {
          setAskingToDiscard(false);
          onOpenChange(false);
        }}
      />
    </RadixDialog.Root>
  );
}

/**
 * 'Vuoi uscire senza salvare?': leaving a form with unsaved changes (a dialog, or the profile page). Staying is the
 * safe choice, so it has the focus and Escape picks it.
 */
export function DiscardChangesDialog({ open, onStay, onDiscard }: { open: boolean; onStay: () => void; onDiscard: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
      title={UI_TEXT.discardTitle}
      description={UI_TEXT.discardText}
      confirmLabel={UI_TEXT.discardConfirm}
      cancelLabel={UI_TEXT.discardCancel}
      onConfirm={onDiscard}
    />
  );
}

interface TConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** More before the buttons (a field the answer needs, a policy to read). */
  children?: ReactNode;
}

/** A yes/no question (role alertdialog): the safe choice has the focus first, Escape cancels. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  returnFocusRef,
  children,
}: TConfirmDialogProps) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <RadixAlertDialog.Portal>
        {/* A question can be asked over a dialog ('Vuoi uscire senza salvare?'): it sits, and dims, above it. */}
        <RadixAlertDialog.Overlay className={cn(OVERLAY, 'z-[60]')} />
        <RadixAlertDialog.Content className={cn(CONTENT, 'z-[70]')} onCloseAutoFocus={returnFocus(returnFocusRef)}>
          <RadixAlertDialog.Title className={TITLE}>{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description className="mt-2 text-base text-slate-700">{description}</RadixAlertDialog.Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <RadixAlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </RadixAlertDialog.Cancel>
            {/* Not an AlertDialog.Action: that would close the dialog before the work is done. */}
            <Button variant="danger" loading={busy} onClick={onConfirm}>
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}

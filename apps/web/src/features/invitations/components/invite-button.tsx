/**
 * 'Invita': a light button whose dialog (choose one of my open offers, a message, the fair-pay warning) downloads on
 * hover or focus and mounts on first click (decision 001). Exported for the pages that show pharmacists to an owner:
 * 'I miei farmacisti' and the owners' search of available pharmacists.
 */
import { INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { Suspense, useRef, useState } from 'react';
import { Button, type TButtonProps } from '../../../components/ui/button';
import { OverlaySpinner } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import type { TInviteDialogProps } from './invite-dialog-content';

/** The dialog itself; `InviteDialog.preload()` starts its download early. */
export const InviteDialog = lazyWithPreload<TInviteDialogProps>(() => import('./invite-dialog-content'));

export function InviteButton({
  pharmacist,
  offerId,
  ...buttonProps
}: Pick<TInviteDialogProps, 'pharmacist' | 'offerId'> & Omit<TButtonProps, 'onClick' | 'children'>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = `${pharmacist.name} ${pharmacist.surname}`.trim();
  return (
    <>
      <Button
        ref={buttonRef}
        aria-haspopup="dialog"
        aria-label={INVITATION_TEXT.inviteButtonFor(name)}
        onPointerEnter={InviteDialog.preload}
        onFocus={InviteDialog.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        {...buttonProps}
      >
        {INVITATION_TEXT.inviteButton}
      </Button>
      {used ? (
        <Suspense fallback={<OverlaySpinner />}>
          <InviteDialog open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} pharmacist={pharmacist} offerId={offerId} />
        </Suspense>
      ) : null}
    </>
  );
}

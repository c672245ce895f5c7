/** 'Elimina Account': the button is light; the confirmation dialog downloads on first use. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { OverlaySpinner } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

const DeleteAccountConfirm = lazyWithPreload(() => import('./delete-account-confirm'));

export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="danger"
        className="shrink-0 whitespace-nowrap"
        aria-haspopup="dialog"
        onPointerEnter={DeleteAccountConfirm.preload}
        onFocus={DeleteAccountConfirm.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {UI_TEXT.deleteAccount}
      </Button>
      {used ? (
        <Suspense fallback={<OverlaySpinner />}>
          <DeleteAccountConfirm open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}

/** 'Modifica Descrizione': the button is light; the dialog (Radix, forms, zod) downloads on first use. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { OverlaySpinner } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

const DescriptionDialogContent = lazyWithPreload(() => import('./description-dialog-content'));

export function DescriptionDialog() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="secondary"
        size="lg"
        aria-haspopup="dialog"
        onPointerEnter={DescriptionDialogContent.preload}
        onFocus={DescriptionDialogContent.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {UI_TEXT.editDescription}
      </Button>
      {used ? (
        <Suspense fallback={<OverlaySpinner />}>
          <DescriptionDialogContent open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}

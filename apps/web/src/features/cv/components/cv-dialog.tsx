/** 'Aggiorna CV': the button is light; the CV dialog downloads on first use (decision 001). */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { OverlaySpinner } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

const CvDialogContent = lazyWithPreload(() => import('./cv-dialog-content'));

export function CvDialog() {
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
        onPointerEnter={CvDialogContent.preload}
        onFocus={CvDialogContent.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {UI_TEXT.updateCv}
      </Button>
      {used ? (
        <Suspense fallback={<OverlaySpinner />}>
          <CvDialogContent open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The offer dialog, downloaded on first use (decision 001), and 'Crea Offerta', the button that opens it empty. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type ComponentProps, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { OverlaySpinner } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import type { TOfferDialogProps } from './offer-dialog-content';

/** The dialog (create or edit); `OfferDialog.preload()` starts its download early. */
export const OfferDialog = lazyWithPreload<TOfferDialogProps>(() => import('./offer-dialog-content'));

/** 'Crea Offerta' with its dialog (dashboard slot and /mie_offerte). */
export function CreateOfferButton({
  onSaved,
  ...buttonProps
}: { onSaved?: () => void } & Omit<ComponentProps<typeof Button>, 'children' | 'onClick'>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        size="lg"
        aria-haspopup="dialog"
        onPointerEnter={OfferDialog.preload}
        onFocus={OfferDialog.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        {...buttonProps}
      >
        {UI_TEXT.createOffer}
      </Button>
      {used ? (
        <Suspense fallback={<OverlaySpinner />}>
          <OfferDialog open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} onSaved={onSaved} />
        </Suspense>
      ) : null}
    </>
  );
}

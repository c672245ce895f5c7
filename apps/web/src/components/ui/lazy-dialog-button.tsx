/** A light button whose dialog (Radix, forms, zod…) downloads on hover/focus and mounts on first click (decision 001). */
import { type ComponentType, type RefObject, Suspense, useRef, useState } from 'react';
import { Button, type TButtonProps } from './button';
import { OverlaySpinner } from './spinner';

/** What a lazily loaded dialog receives from its button. */
export interface TLazyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

export function LazyDialogButton({
  dialog: Dialog,
  ...buttonProps
}: { dialog: ComponentType<TLazyDialogProps> & { preload: () => void } } & Omit<TButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        aria-haspopup="dialog"
        onPointerEnter={Dialog.preload}
        onFocus={Dialog.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        {...buttonProps}
      />
      {used ? (
        <Suspense fallback={<OverlaySpinner />}>
          <Dialog open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The offer dialog, downloaded on first use (decision 001), and 'Crea Offerta', the button that opens it empty. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import type { TButtonProps } from '../../../components/ui/button';
import { LazyDialogButton } from '../../../components/ui/lazy-dialog-button';
import { useMayWrite } from '../../../lib/api/get-organisation';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import type { TOfferDialogProps } from './offer-dialog-content';

/** The dialog (create or edit); `OfferDialog.preload()` starts its download early. */
export const OfferDialog = lazyWithPreload<TOfferDialogProps>(() => import('./offer-dialog-content'));

/** 'Crea Offerta' with its dialog (dashboard slot and /mie_offerte); not for a consultazione (decision 089). */
export function CreateOfferButton(buttonProps: Omit<TButtonProps, 'children' | 'onClick'>) {
  if (!useMayWrite()) return null;
  return (
    <LazyDialogButton dialog={OfferDialog} size="lg" {...buttonProps}>
      {UI_TEXT.createOffer}
    </LazyDialogButton>
  );
}

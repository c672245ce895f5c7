/** 'Modifica Descrizione': the button is light; the dialog (Radix, forms, zod) downloads on first use. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { LazyDialogButton } from '../../../components/ui/lazy-dialog-button';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

const DescriptionDialogContent = lazyWithPreload(() => import('./description-dialog-content'));

export function DescriptionDialog() {
  return (
    <LazyDialogButton dialog={DescriptionDialogContent} variant="secondary" size="lg">
      {UI_TEXT.editDescription}
    </LazyDialogButton>
  );
}

/** 'Elimina Account': the button is light; the confirmation dialog downloads on first use. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { LazyDialogButton } from '../../../components/ui/lazy-dialog-button';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

const DeleteAccountConfirm = lazyWithPreload(() => import('./delete-account-confirm'));

export function DeleteAccountDialog() {
  return (
    <LazyDialogButton dialog={DeleteAccountConfirm} variant="danger" className="shrink-0 whitespace-nowrap">
      {UI_TEXT.deleteAccount}
    </LazyDialogButton>
  );
}

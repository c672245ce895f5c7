/** 'Elimina Account': the button is light; the confirmation dialog downloads on first use. */

import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { LazyDialogButton } from '../../../components/ui/lazy-dialog-button';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

const DeleteAccountConfirm = lazyWithPreload(() => import('./delete-account-confirm'));

export function DeleteAccountDialog() {
  return (
    <LazyDialogButton dialog={DeleteAccountConfirm} variant="danger" className="shrink-0 whitespace-nowrap">
      {ACCOUNT_TEXT.deleteAccount}
    </LazyDialogButton>
  );
}

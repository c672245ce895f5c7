/** 'Esci da tutti i dispositivi': the button is light; the confirmation dialog downloads on first use. */

import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { LazyDialogButton } from '../../../components/ui/lazy-dialog-button';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

const EndAllSessionsConfirm = lazyWithPreload(() => import('./end-all-sessions-confirm'));

export function EndAllSessionsDialog() {
  return (
    <LazyDialogButton dialog={EndAllSessionsConfirm} variant="secondary" className="shrink-0 whitespace-nowrap">
      {ACCOUNT_TEXT.logoutEverywhere}
    </LazyDialogButton>
  );
}

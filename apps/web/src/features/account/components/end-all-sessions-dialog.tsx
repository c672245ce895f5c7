/** 'Esci da tutti i dispositivi': the button is light; the confirmation dialog downloads on first use. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { LazyDialogButton } from '../../../components/ui/lazy-dialog-button';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

const EndAllSessionsConfirm = lazyWithPreload(() => import('./end-all-sessions-confirm'));

export function EndAllSessionsDialog() {
  return (
    <LazyDialogButton dialog={EndAllSessionsConfirm} variant="secondary" className="shrink-0 whitespace-nowrap">
      {UI_TEXT.logoutEverywhere}
    </LazyDialogButton>
  );
}

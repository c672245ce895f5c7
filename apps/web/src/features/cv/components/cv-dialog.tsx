/** 'Aggiorna CV': the button is light; the CV dialog downloads on first use (decision 001). */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { LazyDialogButton } from '../../../components/ui/lazy-dialog-button';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

/** The dialog alone, for screens that open it themselves (the offer search, when 'Manda CV' finds no CV). */
export const CvUploadDialog = lazyWithPreload(() => import('./cv-dialog-content'));

export function CvDialog() {
  return (
    <LazyDialogButton dialog={CvUploadDialog} variant="secondary" size="lg">
      {UI_TEXT.updateCv}
    </LazyDialogButton>
  );
}

/** The apply dialog (decision 093), downloaded on first use; `ApplyDialog.preload()` starts its download early. */
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import type { TApplyDialogProps } from './apply-dialog-content';

export type { TApplyDialogProps };
export const ApplyDialog = lazyWithPreload<TApplyDialogProps>(() => import('./apply-dialog-content'));

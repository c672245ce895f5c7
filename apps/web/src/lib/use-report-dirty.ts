/** Tells the dialog around a form whether the form holds unsaved changes (the dialog then asks before closing). */
import { useEffect } from 'react';

export function useReportDirty(dirty: boolean, onDirtyChange: ((dirty: boolean) => void) | undefined): void {
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  // A form that goes away (saved and closed, or reopened for another offer) leaves nothing unsaved behind.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
}

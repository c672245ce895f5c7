/**
 * A page holding a form: leaving it for another path (a link, the header, 'back') while `hasUnsavedChanges()` says so
 * asks first with DiscardChangesDialog. Asked at the moment of leaving, so it reads the form live. A session that has
 * ended (logout, account deleted, expired) has nothing left to save: those exits are not held.
 */
import { useCallback, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { hasSession } from '../../lib/storage';
import { DiscardChangesDialog } from './dialog';

export function LeavePageGuard({ hasUnsavedChanges }: { hasUnsavedChanges: () => boolean }) {
  const latest = useRef(hasUnsavedChanges);
  latest.current = hasUnsavedChanges;
  const leaving = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        currentLocation.pathname !== nextLocation.pathname && hasSession() && latest.current(),
      [],
    ),
  );
  return (
    <DiscardChangesDialog
      open={leaving.state === 'blocked'}
      onStay={() => leaving.reset?.()}
      onDiscard={() => leaving.proceed?.()}
    />
  );
}

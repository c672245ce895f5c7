/** /logout (docs/product.md#screens): ends the session on the server (best effort), clears all local storage, goes to /login. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useLeaveToLogin } from '../../../lib/leave-to-login';
import { pageTitle } from '../../../lib/page-title';
import { getRefreshToken } from '../../../lib/storage';
import { revokeToken } from '../api/revoke-token';

export function LogoutPage() {
  const leave = useLeaveToLogin();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void revokeToken(getRefreshToken()).finally(leave);
  }, [leave]);

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 py-16 text-slate-700">
      <title>{pageTitle(UI_TEXT.logoutLink)}</title>
      <Spinner size="lg" />
      <p>{UI_TEXT.loggingOut}</p>
    </div>
  );
}

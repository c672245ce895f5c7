/** Shown when a page cannot be loaded at all (e.g. a new version was deployed while the tab was open). */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useEffect, useLayoutEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { leaveFirstScreen } from '../lib/first-screen';

export function RouteError() {
  const error = useRouteError();
  // Not behind the first screen drawn before the app (decision 057).
  useLayoutEffect(leaveFirstScreen, []);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{UI_TEXT.pageErrorTitle}</h1>
      <p className="max-w-md text-slate-700">{UI_TEXT.pageErrorText}</p>
      <Button onClick={() => window.location.reload()}>{UI_TEXT.reloadPage}</Button>
    </div>
  );
}

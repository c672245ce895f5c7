import { useEffect, useReducer } from 'react';
import { SESSION_ENDED_EVENT } from './storage';

/**
 * Renders the caller again when the API client drops a session the server refused (ended from another device): the
 * route guard then sends the user to /login, whatever the page was showing.
 */
export function useRenderOnSessionEnded(): void {
  const [, render] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    window.addEventListener(SESSION_ENDED_EVENT, render);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, render);
  }, []);
}

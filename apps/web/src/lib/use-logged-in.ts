import { LIMITS } from '@farmaponte/shared/limits';
import { useEffect, useState } from 'react';
import { hasSession } from './storage';

/** Whether an access token is stored, re-checked every second (LIMITS.loginRecheckMs) and when another tab changes it. */
export function useLoggedIn(): boolean {
  const [loggedIn, setLoggedIn] = useState(hasSession);
  useEffect(() => {
    const check = () => setLoggedIn(hasSession());
    const timer = setInterval(check, LIMITS.loginRecheckMs);
    window.addEventListener('storage', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('storage', check);
    };
  }, []);
  return loggedIn;
}

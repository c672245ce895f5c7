/**
 * Leaving the session in this browser: every stored token and draft forgotten, every cached answer dropped, and
 * /login in place of the current page. Logout, "Esci da tutti i dispositivi" and account deletion end this way.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from './paths';
import { clearAllStorage } from './storage';

export function useLeaveToLogin(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearAllStorage();
    queryClient.clear();
    navigate(PATHS.login, { replace: true });
  }, [queryClient, navigate]);
}

/**
 * Turning the two-step login on and off (decision 063): POST /api/user/2fa/setup/ {password} (a secret and its
 * otpauth:// URI), /enable/ {code, password} (the ten recovery codes, shown once) and /disable/ {password, code}. Each
 * refreshes the status.
 */
import type { TMessage, TSecondStepDisable, TSecondStepEnable, TSecondStepEnabled, TSecondStepSetup } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export const setUpSecondStep = (password: string) =>
  apiRequest<TSecondStepSetup>('/api/user/2fa/setup/', { method: 'POST', body: { password } });
export const enableSecondStep = (body: TSecondStepEnable) =>
  apiRequest<TSecondStepEnabled>('/api/user/2fa/enable/', { method: 'POST', body });
export const disableSecondStep = (body: TSecondStepDisable) =>
  apiRequest<TMessage>('/api/user/2fa/disable/', { method: 'POST', body });

export function useSetUpSecondStep() {
  return useMutation({ mutationFn: setUpSecondStep });
}

export function useEnableSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableSecondStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.secondStep }),
  });
}

export function useDisableSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableSecondStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.secondStep }),
  });
}

/** GET /api/privacy/retention/ (decision 068): the configured periods the privacy page states; no login. */
import type { TRetentionPeriods } from '@farmaponte/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { legalKeys } from './query-keys';

/** The defaults of the server's settings: what the privacy page says while the answer loads, or when it fails. */
export const DEFAULT_RETENTION_PERIODS: TRetentionPeriods = {
  contact_days: 90,
  account_inactivity_months: 24,
  cv_months: 24,
  warning_days: 30,
  read_notification_months: 12,
  sent_mail_days: 30,
  audit_days: 730,
};

export function useRetentionPeriods() {
  return useQuery({
    queryKey: legalKeys.periods,
    queryFn: ({ signal }) => apiRequest<TRetentionPeriods>('/api/privacy/retention/', { auth: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

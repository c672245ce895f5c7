/**
 * The filters of /candidature as the URL holds them (?offer_id=3&status=sent&albo_verified=true); anything unreadable is
 * no filter.
 */
import type { TApplicationStatus } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';

/** Every status, in the order of the flow (the names' catalogue: a runtime import of the schemas would bring zod here). */
export const APPLICATION_STATUSES = Object.keys(UI_TEXT.applicationStatusNames) as TApplicationStatus[];

export interface TReceivedFilters {
  offerId: number | null;
  status: TApplicationStatus | null;
  /** Only applicants whose albo entry an admin verified (decision 050). */
  alboVerified: boolean;
}

export function readFilters(params: URLSearchParams): TReceivedFilters {
  const offerId = Number(params.get('offer_id'));
  const status = params.get('status') as TApplicationStatus | null;
  return {
    offerId: Number.isSafeInteger(offerId) && offerId > 0 ? offerId : null,
    status: status && APPLICATION_STATUSES.includes(status) ? status : null,
    alboVerified: params.get('albo_verified') === 'true',
  };
}

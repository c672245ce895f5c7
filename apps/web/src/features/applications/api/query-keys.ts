/** Query keys of the applications screens; their root is shared (`sharedKeys.applications`), the offer search refreshes it. */
import { sharedKeys } from '../../../lib/api/query-keys';

export const applicationsKeys = {
  all: sharedKeys.applications,
  /** The pharmacist's sent applications (/mie_candidature). */
  mine: [...sharedKeys.applications, 'mine'] as const,
  /** The owner's received applications (/candidature), paged. */
  received: [...sharedKeys.applications, 'received'] as const,
};

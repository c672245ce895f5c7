/** Query keys of the applications screens; their root is shared (`sharedKeys.applications`), the offer search refreshes it. */
import { sharedKeys } from '../../../lib/api/query-keys';

export const applicationsKeys = {
  all: sharedKeys.applications,
  /** The pharmacist's sent applications (/mie_candidature). */
  mine: sharedKeys.myApplications,
  /** The owner's received applications (/candidature), every filter. */
  received: [...sharedKeys.applications, 'received'] as const,
  /** One filter's pages. */
  receivedList: (filters: { offerId: number | null; status: string | null; alboVerified: boolean }) =>
    [...sharedKeys.applications, 'received', 'list', filters] as const,
  /** How many applications each status has, for one offer or all, of every applicant or of the albo-verified ones. */
  statusCounts: (offerId: number | null, alboVerified: boolean) =>
    [...sharedKeys.applications, 'received', 'counts', offerId, alboVerified] as const,
};

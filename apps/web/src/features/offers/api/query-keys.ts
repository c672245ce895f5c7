/** Query keys of the offers screens, in one place so a save or a deletion refreshes every list that shows offers. */
import { sharedKeys } from '../../../lib/api/query-keys';

export const offersKeys = {
  /** Every list of offers (open ones for the search, the owner's own). */
  all: ['offers'] as const,
  open: ['offers', 'open'] as const,
  /** The search map's clusters and places (GET /api/offers/map/). */
  map: ['offers', 'map'] as const,
  /** The pharmacist's saved searches ('Avvisami') and the first one offered. */
  savedSearches: ['saved-searches'] as const,
  /** One offer's public page. */
  public: (offerId: number) => ['offers', 'public', offerId] as const,
  mine: sharedKeys.myOffers,
};

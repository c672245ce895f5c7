/** What other features may use of offers: the open-offer rule, how an offer is shown, and the cached open list. */
export { createOpenOffersCache, type TOpenOffersCache } from './open-offers-cache';
export {
  getOfferStatus,
  insertOffer,
  isOfferOpen,
  listOpenOffers,
  openOfferCondition,
  shownOfferColumns,
  toShownOffer,
} from './service';

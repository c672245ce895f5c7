/** What other features may use of offers: the open-offer rule, how an offer is shown, and the cached open list. */
export { createOpenOffersCache, type TOpenOffersCache } from './open-offers-cache';
export {
  answerWaitingApplications,
  getOfferStatus,
  insertOffer,
  isOfferOpen,
  listOpenOffers,
  offerStatusOf,
  offerStatusSql,
  openOfferCondition,
  recordApplicationStatus,
  shownOfferColumns,
  toShownOffer,
} from './service';

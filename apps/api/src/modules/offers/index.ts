/** What other features may use of offers: the open-offer rule, how an offer is shown, and the cached open list. */
export { createOpenOffersCache, type TOpenOffersCache } from './open-offers-cache';
export {
  answerWaitingApplications,
  countAccepted,
  getOfferStatus,
  insertOffer,
  isOfferOpen,
  listOpenOffers,
  offerStatusOf,
  offerStatusSql,
  openOfferCondition,
  recordApplicationStatus,
  releaseAcceptedPlaces,
  shownOfferColumns,
  toShownOffer,
} from './service';

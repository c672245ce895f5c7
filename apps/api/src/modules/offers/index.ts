/** What other features may use of offers: the open-offer rule, how an offer is shown, and the cached open list. */
export {
  answerWaitingApplications,
  countAccepted,
  recordApplicationStatus,
  releaseAcceptedPlaces,
} from './application-status';
export { offerMap, offerMapQueries } from './map';
export { closedOfferPage, openOfferPage } from './offer-page';
export { createOpenOffersCache, OPEN_OFFERS_CACHE_TTL_MS, type TOpenOffersCache } from './open-offers-cache';
export { offerFilterConditions, searchPoint } from './search';
export {
  closeOffer,
  closeOffersByAdmin,
  getOfferPosting,
  getOfferStatus,
  getPublicOffer,
  insertOffer,
  isOfferOpen,
  listOpenOffers,
  lockOffers,
  lockOffersOfAccount,
  offerStatusOf,
  offerStatusSql,
  openOfferCondition,
  ownerOffersQuery,
  placeOffers,
  publishOffer,
  shownOfferColumns,
  type TOfferPosting,
  toShownOffer,
} from './service';

/** What other features may use of offers: the open-offer rule, how an offer is shown, and the cached open list. */
export {
  answerWaitingApplications,
  countAccepted,
  recordApplicationStatus,
  releaseAcceptedPlaces,
} from './application-status';
export { closedOfferPage, openOfferPage } from './offer-page';
export { createOpenOffersCache, type TOpenOffersCache } from './open-offers-cache';
export { offerFilterConditions, searchPoint } from './search';
export {
  closeOffer,
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
  placeOffers,
  publishOffer,
  shownOfferColumns,
  toShownOffer,
} from './service';

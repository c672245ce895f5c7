/** What other features may use of offers: the open-offer rule, how an offer is shown, and the cached open list. */
export { closedOfferPage, openOfferPage } from './offer-page';
export { createOpenOffersCache, type TOpenOffersCache } from './open-offers-cache';
export { offerFilterConditions, searchPoint } from './search';
export {
  answerWaitingApplications,
  closeOffer,
  countAccepted,
  getOfferStatus,
  getPublicOffer,
  insertOffer,
  isOfferOpen,
  listOpenOffers,
  offerStatusOf,
  offerStatusSql,
  openOfferCondition,
  placeOffers,
  publishOffer,
  recordApplicationStatus,
  releaseAcceptedPlaces,
  shownOfferColumns,
  toShownOffer,
} from './service';

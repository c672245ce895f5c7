/**
 * What other features may use of offers: the open-offer rule, how an offer is shown, the cached open list and what
 * keeps it fresh. Offers write no application's status: the hiring loop answers an offer's applications on its events.
 */

export {
  closeOffer,
  closeOffersByAdmin,
  insertOffer,
  placeOffers,
  publishOffer,
} from './lifecycle';
export { lockOffers, lockOffersOfAccount } from './locks';
export { offerMap, offerMapQueries } from './map';
export { closedOfferPage, openOfferPage } from './offer-page';
export {
  createOpenOffersCache,
  OPEN_OFFERS_CACHE_TTL_MS,
  subscribeOpenOffersCache,
  type TOpenOffersCache,
} from './open-offers-cache';
export { fillOfferPay } from './pay';
export { offerFilterConditions, offerSearchPlan, searchPoint } from './search';
export {
  getOfferPosting,
  getOfferStatus,
  getPublicOffer,
  listOpenOffers,
  ownerOffersQuery,
  ownOffer,
  type TOfferPosting,
} from './service';
export {
  isOfferOpen,
  isUrgentNow,
  offerStatusOf,
  offerStatusSql,
  openOfferCondition,
  romeClock,
  shownOfferColumns,
  toShownOffer,
  urgentNowSql,
} from './status';

/** What other features (and the factories) may use of applications. */
export { contactTerm, contactTermOfPerson, type TContactHidden, type TContactTerm } from './contact-term';
export { doubleBookingOf, lockPharmacist } from './double-booking';
export {
  acceptInvitedApplication,
  applyToOffer,
  decideApplication,
  historiesQuery,
  insertApplication,
  markApplicationsSeen,
  markApplicationsSeenIn,
  offersOfAcceptance,
  ownerCvAccess,
  receivedApplicationsQuery,
  receivedPageFilter,
  type TOwnerCvAccess,
  withdrawApplication,
  withdrawPendingApplicationsOf,
} from './service';

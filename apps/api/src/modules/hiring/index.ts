/**
 * The hiring workflow (decision 087): applying, deciding, accepting (an invitation too), withdrawing, a no-show, the
 * application's status machine and history, its lists and the CV's access, in one folder split by verb. What other
 * features and the app may use of it.
 */
export { acceptInvitedApplication, waitingInvitedApplication } from './accept';
export { applyToOffer, insertApplication } from './apply';
export { contactTerm, contactTermOfPerson, type TContactHidden, type TContactTerm } from './contact-term';
export { markApplicationsSeen, markApplicationsSeenIn, ownerCvAccess, type TOwnerCvAccess } from './cv-access';
export { decideApplication } from './decide';
export { doubleBookingOf } from './double-booking';
export { lockPharmacist, offersOfAcceptance } from './locks';
export {
  historiesQuery,
  preparedReceivedPage,
  receivedApplicationsQuery,
  receivedPageFilter,
} from './received';
export { noShowRefusal } from './reliability';
export { countAccepted, releaseAcceptedPlaces, writeStatusAsIf } from './status';
export { subscribeHiring } from './subscribers';
export { withdrawApplication, withdrawPendingApplicationsOf } from './withdraw';

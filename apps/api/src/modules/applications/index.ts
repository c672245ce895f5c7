/** What other features (and the factories) may use of applications. */
export {
  applyToOffer,
  decideApplication,
  historiesQuery,
  insertApplication,
  markApplicationsSeen,
  receivedApplicationsQuery,
  receivedPageFilter,
  withdrawApplication,
  withdrawPendingApplicationsOf,
} from './service';

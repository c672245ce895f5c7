/** What other features (and the factories) may use of applications. */
export {
  applyToOffer,
  decideApplication,
  insertApplication,
  markApplicationsSeen,
  withdrawApplication,
} from './service';

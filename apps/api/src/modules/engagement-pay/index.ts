/** An engagement's pay as agreed (decision 094): what contracts, worked shifts and the data export show. */
export {
  agreedHourlyOf,
  engagementPay,
  linesOfEachDay,
  offeredHourly,
  payBases,
  type TPayBasis,
} from './engagement-pay';
export { payTable } from './pdf';

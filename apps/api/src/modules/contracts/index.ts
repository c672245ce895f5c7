/**
 * Contracts (decision 093): what the hiring loop and the offers' edits call in their transactions, and the routes.
 */
export { freelanceReclassification } from './reclassification';
export { reviseContractsOfOffer, writeContractOfAcceptance } from './write';

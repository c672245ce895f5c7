/**
 * A negotiation on the pay of an application (decision 094): what hiring, invitations and the data export use of it.
 * It imports no hiring file, so hiring may call it inside its own transactions.
 */
export { negotiationTerms, type TNegotiationTerms } from './bounds';
export { agreedTerms, hasPendingProposal, latestProposalSql, negotiationSummary, proposalsOf } from './read';
export { insertProposal } from './service';

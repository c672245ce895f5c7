/**
 * What other features may use of availability: the match of free pharmacists (the owners' search, the platform's
 * invitations), the save (the factories: tests, demo, benchmarks) and the prune job.
 */
export { availabilityPruneJob } from './prune-job';
export { findMatchingPharmacists, saveAvailability, type TMatchQuery, type TMatchRow } from './service';

/**
 * What other features (and the commands) may use of pharmacies: the registry import, its search and sample files, and
 * the owners who claim a registry pharmacy.
 */
export { claimsOf, lockRegistryPharmacy, type TClaim, verifiedClaimOf } from './claims';
export { RegistryFormatError } from './registry-file';
export { sampleRegistryCsv } from './sample';
export { findRegistryPharmacy, importRegistry, searchPharmacies } from './service';

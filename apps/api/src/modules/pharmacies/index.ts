/** What other features (and the commands) may use of pharmacies: the registry import and sample files. */
export { RegistryFormatError } from './registry-file';
export { sampleRegistryCsv } from './sample';
export { findRegistryPharmacy, importRegistry } from './service';

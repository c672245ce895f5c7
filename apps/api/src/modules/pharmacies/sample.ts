/** Registry files in the Ministry's layout built from the real comuni, for the demo seed, tests and benchmarks. */
import { regionOfProvince } from '@farmaponte/shared';
import { allComuni, provincialCapitals } from '../geo';
import { generateRegistryCsv } from './registry-generator';

export function sampleRegistryCsv(active: number, options: { historical?: number; seed?: number } = {}): string {
  return generateRegistryCsv({
    active,
    historical: options.historical,
    seed: options.seed,
    comuni: allComuni(),
    capitals: provincialCapitals(),
    regionOf: regionOfProvince,
  });
}

/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same numbers, so generated data (the sample
 * registry, the benchmarks' data sets) is the same on every run. Not for anything secret.
 */
export function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

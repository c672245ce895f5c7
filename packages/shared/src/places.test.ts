import { describe, expect, it } from 'vitest';
import { ALL_PROVINCES, REGIONS } from './places';

describe('ALL_PROVINCES', () => {
  it('lists every province once, in the order an Italian collator gives', () => {
    const every = REGIONS.flatMap((region): readonly { sigla: string; name: string }[] => region.provinces);
    expect(ALL_PROVINCES).toHaveLength(every.length);
    expect(new Set(ALL_PROVINCES.map((p) => p.sigla)).size).toBe(every.length);
    const collator = new Intl.Collator('it');
    const byCollator = [...every].sort((a, b) => collator.compare(a.name, b.name)).map((p) => p.name);
    expect(ALL_PROVINCES.map((p) => p.name)).toEqual(byCollator);
    // Names with an apostrophe, a space, a hyphen or a slash sit where a reader looks for them.
    const names = ALL_PROVINCES.map((p) => p.name);
    expect(names.indexOf("L'Aquila")).toBeLessThan(names.indexOf('La Spezia'));
    expect(names.indexOf('Forlì-Cesena')).toBeLessThan(names.indexOf('Frosinone'));
  });
});

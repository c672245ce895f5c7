import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatDecimal, formatHours } from './italian-figures';

describe('Italian figures', () => {
  it('writes euros with the decimal comma and thousands grouped by a point', () => {
    expect(formatAmount(0)).toBe('0,00');
    expect(formatAmount(80)).toBe('80,00');
    expect(formatAmount(166.5)).toBe('166,50');
    expect(formatAmount(1241.25)).toBe('1.241,25');
    expect(formatAmount(1234567.891)).toBe('1.234.567,89');
    expect(formatAmount(0.1 + 0.2)).toBe('0,30');
  });

  it('writes hours with at most two decimals, none that are zero', () => {
    expect(formatHours(480)).toBe('8');
    expect(formatHours(450)).toBe('7,5');
    expect(formatHours(440)).toBe('7,33');
    expect(formatHours(0)).toBe('0');
    expect(formatHours(65 * 60)).toBe('65');
    expect(formatHours(1000 * 60 + 15)).toBe('1.000,25');
  });
});

describe('formatDecimal', () => {
  /** What the browser writes for the same number and digits. */
  const formats = new Map<string, Intl.NumberFormat>();
  const intl = (value: number, max: number, min: number) => {
    const key = `${max}/${min}`;
    if (!formats.has(key))
      formats.set(key, new Intl.NumberFormat('it-IT', { maximumFractionDigits: max, minimumFractionDigits: min }));
    return formats.get(key)?.format(value);
  };

  it('writes what Intl writes for Italian, over many values and digits', () => {
    // A fixed pseudo-random sequence: the same values on every run.
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const values = [
      0,
      -0,
      1,
      5,
      9.5,
      0.05,
      0.95,
      0.995,
      1.005,
      12.35,
      12.25,
      99.95,
      999.5,
      9999.5,
      99_999.95,
      1000,
      5000,
      9999,
      10_000,
      20_000,
      123_456.789,
      1_234_567.891,
      -0.01,
      -12_000.5,
      1e-7,
      2.5e-7,
      1e21,
      1.5e22,
      0.1 + 0.2,
      11.39,
    ];
    for (let i = 0; i < 3000; i++) {
      const magnitude = 10 ** Math.floor(next() * 8 - 2);
      values.push(Math.round(next() * magnitude * 1000) / 1000, next() * magnitude, -next() * magnitude);
    }
    const differences = [];
    for (const value of values)
      for (const [max, min] of [
        [0, 0],
        [1, 0],
        [2, 2],
        [3, 0],
      ] as const) {
        const [ours, theirs] = [formatDecimal(value, max, min), intl(value, max, min)];
        if (ours !== theirs) differences.push({ value, max, min, ours, intl: theirs });
      }
    expect(differences).toEqual([]);
  });

  it('writes whole counts as formatDecimal does (itself compared with Intl above)', () => {
    for (const count of [0, 1, 42, 999, 1000, 9999, 10_000, 12_345, 99_999, 100_000, 1_234_567, 2 ** 40, -5, -12_000])
      expect([count, formatCount(count)]).toEqual([count, formatDecimal(count, 0)]);
  });

  it('leaves four-digit counts bare and groups from five digits', () => {
    expect(formatCount(1)).toBe('1');
    expect(formatCount(5000)).toBe('5000');
    expect(formatCount(20_000)).toBe('20.000');
    expect(formatCount(1_234_567)).toBe('1.234.567');
  });
});

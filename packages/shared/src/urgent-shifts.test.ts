import { describe, expect, it } from 'vitest';
import { partsFitting, URGENT_TEXT } from './urgent-shifts';

describe('partsFitting: the parts of a free day a shift fits (decision 096)', () => {
  it('a morning, an afternoon, an evening and a night shift', () => {
    expect(partsFitting('08:00', '14:00')).toEqual(['giornata', 'mattina']);
    expect(partsFitting('14:00', '20:00')).toEqual(['giornata', 'pomeriggio']);
    expect(partsFitting('19:30', '23:30')).toEqual(['giornata', 'notte']);
    expect(partsFitting('20:00', '08:00')).toEqual(['giornata', 'notte']);
    expect(partsFitting('12:00', '14:00')).toEqual(['giornata', 'mattina', 'pomeriggio']);
  });

  it('a whole day fits only a whole free day; a shift without hours fits any part', () => {
    expect(partsFitting('09:00', '19:00')).toEqual(['giornata']);
    expect(partsFitting(null, null)).toEqual(['giornata', 'mattina', 'pomeriggio', 'notte']);
  });
});

describe("URGENT_TEXT.reached: the owner's count", () => {
  it('says none, one and many in Italian', () => {
    expect(URGENT_TEXT.reached(0)).toBe('Nessun farmacista libero nel raggio');
    expect(URGENT_TEXT.reached(1)).toBe('Avvisato 1 farmacista');
    expect(URGENT_TEXT.reached(12)).toBe('Avvisati 12 farmacisti');
  });
});

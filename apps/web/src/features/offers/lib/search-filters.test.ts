import { describe, expect, it } from 'vitest';
import {
  countSearchFilters,
  readSearchFilters,
  readSearchPage,
  searchFiltersQuery,
  searchLocation,
  searchSummary,
} from './search-filters';

describe('the search in the URL', () => {
  it('reads back what it wrote, in a fixed order', () => {
    const filters = { sort: 'distance', near: 'Milano', radius_km: '30', from: '2026-12-01', min_pay: '18.5' };
    const query = searchFiltersQuery(filters);
    expect(query).toBe('near=Milano&radius_km=30&from=2026-12-01&min_pay=18.5&sort=distance');
    expect(readSearchFilters(new URLSearchParams(query))).toEqual(filters);
  });

  it('drops blanks and values the API would refuse', () => {
    const params = new URLSearchParams('comune=%20&from=31/12/2026&min_pay=venti&kind=weekly&sort=best&region=Lazio');
    expect(readSearchFilters(params)).toEqual({ region: 'Lazio' });
  });

  it("drops numbers outside the API's limits (LIMITS), as the API would refuse them", () => {
    expect(readSearchFilters(new URLSearchParams('min_pay=500'))).toEqual({});
    expect(readSearchFilters(new URLSearchParams('min_pay=200.01'))).toEqual({});
    expect(readSearchFilters(new URLSearchParams('min_pay=200'))).toEqual({ min_pay: '200' });
    expect(readSearchFilters(new URLSearchParams('near=Roma&radius_km=0'))).toEqual({ near: 'Roma' });
    expect(readSearchFilters(new URLSearchParams('near=Roma&radius_km=300'))).toEqual({ near: 'Roma', radius_km: '300' });
    expect(readSearchFilters(new URLSearchParams({ comune: 'a'.repeat(101), near: 'b'.repeat(100) }))).toEqual({
      near: 'b'.repeat(100),
    });
  });

  it('keeps a radius and the distance sort only around a place', () => {
    expect(readSearchFilters(new URLSearchParams('radius_km=30&sort=distance'))).toEqual({});
    expect(readSearchFilters(new URLSearchParams('near=Roma&radius_km=301'))).toEqual({ near: 'Roma' });
  });

  it('counts the filters, not the sort nor the radius', () => {
    expect(countSearchFilters({ near: 'Roma', radius_km: '10', sort: 'pay', kind: 'single' })).toBe(2);
  });

  it('names a search after where and how much, for a saved search', () => {
    expect(searchSummary({ near: 'Milano', radius_km: '30', min_pay: '18.5' })).toBe('Entro 30 km da Milano, almeno 18,5 €/ora');
    expect(searchSummary({ region: 'Lazio' })).toBe('Lazio');
    expect(searchSummary({})).toBe('Le mie offerte');
  });
});

describe('the page of the list in the URL', () => {
  it('is written after the filters, and only past the first', () => {
    expect(searchLocation({ comune: 'Milano', sort: 'pay' }, 3)).toBe('comune=Milano&sort=pay&page=3');
    expect(searchLocation({ comune: 'Milano' }, 1)).toBe('comune=Milano');
    expect(searchLocation({}, 2)).toBe('page=2');
    expect(readSearchPage(new URLSearchParams(searchLocation({ comune: 'Milano' }, 3)))).toBe(3);
  });

  it('is the first for anything but a whole number from 1', () => {
    for (const value of ['', '0', '-2', '1.5', 'due', '999999'])
      expect(readSearchPage(new URLSearchParams({ page: value }))).toBe(1);
  });

  it("keeps 'Forma di lavoro' (forma) in the URL when the API knows it, and counts it as a filter", () => {
    expect(readSearchFilters(new URLSearchParams('forma=libera_professione'))).toEqual({ forma: 'libera_professione' });
    expect(readSearchFilters(new URLSearchParams('forma=prestazione_occasionale'))).toEqual({});
    expect(searchFiltersQuery({ sort: 'pay', forma: 'dipendente', kind: 'single' })).toBe(
      'kind=single&forma=dipendente&sort=pay',
    );
    expect(countSearchFilters({ forma: 'dipendente' })).toBe(1);
  });

  it('keeps the total pay sort and its minimum (decision 094), a filter named in a saved search', () => {
    const filters = readSearchFilters(new URLSearchParams('sort=total&min_total=450.5&min_pay=18'));
    expect(filters).toEqual({ sort: 'total', min_total: '450.5', min_pay: '18' });
    expect(searchFiltersQuery(filters)).toBe('min_pay=18&min_total=450.5&sort=total');
    expect(countSearchFilters(filters)).toBe(2);
    expect(searchSummary(filters)).toBe('Almeno 18 €/ora, totale almeno 450,5 €');
    expect(readSearchFilters(new URLSearchParams('min_total=-5'))).toEqual({});
    expect(readSearchFilters(new URLSearchParams('min_total=100000.01'))).toEqual({});
    expect(readSearchFilters(new URLSearchParams('min_total=mille'))).toEqual({});
  });
});

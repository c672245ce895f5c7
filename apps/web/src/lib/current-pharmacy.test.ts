import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals } from '../../test/browser-globals';
import { resolveChoice, setCurrentPharmacy } from './choose-pharmacy';
import { parseChoice, pharmacyHeader, readCurrentPharmacy, subscribeCurrentPharmacy } from './current-pharmacy';
import { showsWholeGroup } from './group-pages';
import { clearAllStorage, clearTokens } from './storage';

beforeEach(() => installBrowserGlobals());

describe('the stored choice', () => {
  it("reads an id or 'tutte', and anything else as no choice", () => {
    expect(parseChoice('12')).toBe(12);
    expect(parseChoice('tutte')).toBe('tutte');
    for (const stored of [null, '', '0', '012', '-3', '1.5', 'Tutte', '12345678901', '12; drop'])
      expect(parseChoice(stored)).toBeNull();
  });

  it('is stored, told to the listeners only when it changes, and gone at logout and with the whole storage', () => {
    const listener = vi.fn();
    const stop = subscribeCurrentPharmacy(listener);
    setCurrentPharmacy(7);
    setCurrentPharmacy(7);
    setCurrentPharmacy('tutte');
    expect(readCurrentPharmacy()).toBe('tutte');
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    setCurrentPharmacy(null);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(readCurrentPharmacy()).toBeNull();
    setCurrentPharmacy(7);
    clearTokens();
    expect(readCurrentPharmacy()).toBeNull();
    setCurrentPharmacy(7);
    clearAllStorage();
    expect(readCurrentPharmacy()).toBeNull();
  });
});

describe('X-Farmacia', () => {
  it('names the chosen pharmacy on every call, or none without a choice', () => {
    expect(pharmacyHeader('/api/offers/mine/', 'GET', undefined, null)).toBeUndefined();
    expect(pharmacyHeader('/api/offers/mine/', 'GET', undefined, 4)).toBe('4');
    expect(pharmacyHeader('/api/offers/9/close/', 'POST', undefined, 4)).toBe('4');
  });

  it('is what the call itself names, whatever is chosen: a pharmacy, or none', () => {
    expect(pharmacyHeader('/api/user/verification-document/', 'PUT', 40, 4)).toBe('40');
    expect(pharmacyHeader('/api/organisation/', 'GET', null, 4)).toBeUndefined();
    expect(pharmacyHeader('/api/organisation/', 'GET', null, 'tutte')).toBeUndefined();
  });

  it("for the whole group is 'tutte' on the group's lists and on writes, none on the other reads", () => {
    expect(pharmacyHeader('/api/offers/mine/', 'GET', undefined, 'tutte')).toBe('tutte');
    expect(pharmacyHeader('/api/titolare/candidatures/?page=2&status=sent', 'GET', undefined, 'tutte')).toBe('tutte');
    expect(pharmacyHeader('/api/titolare/candidatures/counts/?offer_id=3', 'GET', undefined, 'tutte')).toBe('tutte');
    expect(pharmacyHeader('/api/notifications/', 'GET', undefined, 'tutte')).toBeUndefined();
    expect(pharmacyHeader('/api/offers/mine/extra/', 'GET', undefined, 'tutte')).toBeUndefined();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(pharmacyHeader('/api/offers/create/', method, undefined, 'tutte')).toBe('tutte');
  });
});

describe('the pages with the whole group chosen', () => {
  it('are those that show it, with or without the final slash; the others ask for one pharmacy', () => {
    for (const path of ['/', '/mie_offerte', '/candidature/', '/profile', '/organizzazione', '/organizzazione/staff'])
      expect(showsWholeGroup(path)).toBe(true);
    expect(showsWholeGroup('/organizzazione/farmacie/12/impostazioni')).toBe(true);
    for (const path of ['/cerca_farmacisti', '/miei_turni', '/recensioni', '/miei_farmacisti', '/notifiche'])
      expect(showsWholeGroup(path)).toBe(false);
  });
});

describe('what the choice means among the pharmacies in reach', () => {
  const pharmacies = [{ id: 3 }, { id: 8 }, { id: 11 }];

  it("without a choice: the person's own pharmacy, else the first, as the server decides", () => {
    expect(resolveChoice(null, pharmacies, 8)).toEqual({ current: { id: 8 }, stale: false });
    expect(resolveChoice(null, pharmacies, 50)).toEqual({ current: { id: 3 }, stale: false });
    expect(resolveChoice(null, [], 50)).toEqual({ current: null, stale: false });
  });

  it('a pharmacy still in reach, or the whole group of more than one', () => {
    expect(resolveChoice(11, pharmacies, 8)).toEqual({ current: { id: 11 }, stale: false });
    expect(resolveChoice('tutte', pharmacies, 8)).toEqual({ current: 'tutte', stale: false });
  });

  it('is stale for a pharmacy out of reach, or the group of a person left with one: the default stands', () => {
    expect(resolveChoice(99, pharmacies, 8)).toEqual({ current: { id: 8 }, stale: true });
    expect(resolveChoice('tutte', [{ id: 3 }], 8)).toEqual({ current: { id: 3 }, stale: true });
  });
});

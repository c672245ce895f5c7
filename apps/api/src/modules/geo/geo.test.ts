import { readFileSync } from 'node:fs';
import { ALL_PROVINCES, LIMITS } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { apiPath } from '../../lib/api-root';
import { birthPlaceOf } from './catastali';
import { allComuni, provincialCapitals } from './comuni';

const t = useTestApp();

describe('GET /api/geo/comuni/', () => {
  it("lists a province's comuni whose name contains the text, prefix matches first", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/geo/comuni/?provincia=mi&q=san' });
    expect(response.statusCode).toBe(200);
    const names = response.json().map((c: { nome: string }) => c.nome);
    expect(names[0]).toMatch(/^San/);
    expect(names).toContain('San Donato Milanese');
    const firstContains = names.findIndex((n: string) => !n.startsWith('San'));
    expect(firstContains).toBeGreaterThan(0);
    expect(names.slice(firstContains).every((n: string) => !n.startsWith('San') && /san/i.test(n))).toBe(true);
    expect(response.json().every((c: { sigla: string }) => c.sigla === 'MI')).toBe(true);
  });

  it('ignores accents and case, and caps results without a province', async () => {
    const accents = await t.app.inject({ method: 'GET', url: '/api/geo/comuni/?q=cantu' });
    expect(accents.json().map((c: { nome: string }) => c.nome)).toContain('Cantù');
    const all = await t.app.inject({ method: 'GET', url: '/api/geo/comuni/' });
    expect(all.json()).toHaveLength(LIMITS.searchMaxResults);
  });

  it('answers an empty list for an unknown province', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/geo/comuni/?provincia=XX' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('built-in comuni data', () => {
  it('has every comune inside Italy (no geocoding errors abroad or at sea)', () => {
    const comuni = allComuni();
    expect(comuni.length).toBeGreaterThan(7800);
    const outside = comuni.filter((c) => c.lat < 35.4 || c.lat > 47.1 || c.lng < 6.6 || c.lng > 18.6);
    expect(outside).toEqual([]);
  });

  it('moved the known wrong rows back to their province (Monterosi VT, Aliano MT)', () => {
    const monterosi = allComuni().find((c) => c.nome === 'Monterosi');
    const aliano = allComuni().find((c) => c.nome === 'Aliano');
    expect(monterosi?.lat).toBeGreaterThan(42);
    expect(monterosi?.lat).toBeLessThan(43);
    expect(aliano?.lng).toBeGreaterThan(15.5);
  });
});

describe('built-in codici catastali', () => {
  it('names every comune of the list by its own code, in its province', () => {
    const names = new Set(allComuni().map((c) => `${c.nome} ${c.sigla}`));
    const rows = JSON.parse(readFileSync(apiPath('src/modules/geo/catastali.json'), 'utf8')) as Record<string, [string, string]>;
    expect(Object.keys(rows)).toHaveLength(allComuni().length);
    expect(Object.values(rows).filter(([name, sigla]) => !names.has(`${name} ${sigla}`))).toEqual([]);
    expect(birthPlaceOf('H501')).toEqual({ code: 'H501', name: 'Roma', province: 'RM' });
    expect(birthPlaceOf('F205')).toEqual({ code: 'F205', name: 'Milano', province: 'MI' });
  });
});

describe('provincial capitals', () => {
  it('names at least one for every province, in that province: 112 for 107 provinces', () => {
    const capitals = provincialCapitals();
    expect(new Set(capitals.map((c) => c.sigla))).toEqual(new Set(ALL_PROVINCES.map((p) => p.sigla)));
    expect(capitals).toHaveLength(112);
    const names = capitals.map((c) => `${c.nome} ${c.sigla}`);
    for (const capital of ['Milano MI', 'Roma RM', 'Napoli NA', 'Torino TO', 'Aosta AO', 'Reggio di Calabria RC'])
      expect(names).toContain(capital);
    expect(names.filter((name) => name.endsWith(' BT'))).toEqual(['Barletta BT', 'Andria BT', 'Trani BT']);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../test/helpers';

let t: TTestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

describe('the application shell', () => {
  it('reports health with the database it runs on', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('serves the OpenAPI document listing the spec paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/token/',
      '/api/token/refresh/',
      '/api/user/register/',
      '/api/user/details/',
      '/api/forgot-password/',
    ])
      expect(paths).toContain(path);
  });

  it('answers an unknown API path with a JSON 404 in Italian', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/non-esiste/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', message: 'Risorsa non trovata.' });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

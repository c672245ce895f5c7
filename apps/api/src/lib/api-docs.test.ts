import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkRouteDocs } from './api-docs';
import { authenticate, requireRole } from './auth-guard';

const answers = { 200: {}, 400: {} };
const route = (url: string, schema: object, onRequest?: RouteOptions['onRequest']) =>
  ({ method: 'GET', url, handler: () => null, schema, onRequest }) as RouteOptions;
const check = (...routes: RouteOptions[]) => {
  const seen = new Set<string>();
  for (const each of routes) checkRouteDocs(each, seen);
};

describe('what the API document says of each route, checked when it is registered', () => {
  it('takes a public route with security [] and a logged-in one with bearer, by their hooks', () => {
    expect(() =>
      check(
        route('/api/offers/:id/', { operationId: 'getPublicOffer', security: [], response: answers }),
        route('/api/offers/mine/', { operationId: 'listMyOffers', security: [{ bearer: [] }], response: answers }, [
          ...requireRole('titolare'),
        ]),
        route('/api/user/details/', { operationId: 'getMyDetails', security: [{ bearer: [] }], response: answers }, authenticate),
        route('/api/docs/json', { hide: true }),
        route('/offerte/:id', {}),
      ),
    ).not.toThrow();
  });

  it('refuses a route without a camelCase operationId, or with one already used', () => {
    expect(() => check(route('/api/x/', { security: [], response: answers }))).toThrow(/GET \/api\/x\/: .*operationId/);
    expect(() => check(route('/api/x/', { operationId: 'list_x', security: [], response: answers }))).toThrow(/operationId/);
    const twice = route('/api/x/', { operationId: 'listX', security: [], response: answers });
    expect(() => check(twice, { ...twice, url: '/api/y/' })).toThrow(/listX is already used/);
  });

  it('refuses security that says otherwise than the hooks, or none', () => {
    expect(() => check(route('/api/x/', { operationId: 'listX', response: answers }))).toThrow(/security \[\]/);
    expect(() => check(route('/api/x/', { operationId: 'listX', security: [{ bearer: [] }], response: answers }))).toThrow(
      /security \[\] \(no login\)/,
    );
    expect(() => check(route('/api/x/', { operationId: 'listX', security: [], response: answers }, authenticate))).toThrow(
      /security \[\{ bearer: \[\] \}\]/,
    );
  });

  it('refuses a route without a 2xx or without a 4xx answer', () => {
    expect(() => check(route('/api/x/', { operationId: 'listX', security: [], response: { 200: {} } }))).toThrow(/4xx/);
    expect(() => check(route('/api/x/', { operationId: 'listX', security: [], response: { 404: {} } }))).toThrow(/2xx/);
  });
});

/**
 * Every route, fuzzed from its own schema (docs/rules.md#errors: never a 500 for any input; bad input changes nothing). Routes
 * are enumerated as the app registers them, so a new route is covered without a line here. Each route is called
 * as the roles its guard lets through, with hostile bodies, queries and path parameters (test/hostile-values.ts);
 * no answer may be a 5xx, a 4xx must leave every table as it was, and nothing may reach Object.prototype.
 * FUZZ_SEED=<n> replays a run (the seed is printed on failure); FUZZ_RUNS=<n> sets the runs per route; FUZZ_REPORT=1
 * prints the answers by route and status.
 */
import { ROLES, type TRole } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bearer, buildTestApp, emptyDatabase, rowsOf, tableSnapshot } from '../test/helpers';
import {
  hostilePathSegment,
  hostileValue,
  malformedBodies,
  type TSamples,
  toJsonText,
  toQueryString,
  unexpectedObject,
} from '../test/hostile-values';
import {
  createApplication,
  createOffer,
  createUser,
  DEFAULT_PASSWORD,
  giveCv,
  makeCvPdf,
  ownerProfile,
  pharmacistProfile,
  type TCreatedUser,
} from './factories';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const numRuns = Number(process.env.FUZZ_RUNS ?? 20);

type TIdentity = TRole | 'anonymous';
interface TRoute {
  method: string;
  url: string;
  schema: { body?: z.ZodType; querystring?: z.ZodType; response?: Record<number, { content?: Record<string, unknown> }> };
}

/** A route whose answer is a live stream (GET /api/events/): it never ends by itself. */
const streams = (route: TRoute) => Boolean(route.schema.response?.[200]?.content?.['text/event-stream']);

/**
 * Calls a route; a live stream's answer is read up to its head and then let go (the app's close ends it), an error
 * answer of it whole, so both come back like any other answer.
 */
async function inject(route: TRoute, options: InjectOptions) {
  if (!streams(route)) return t.app.inject(options);
  const response = await t.app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  let body = '';
  if (response.statusCode === 200) stream.destroy();
  else for await (const chunk of stream) body += String(chunk);
  return { statusCode: response.statusCode, headers: response.headers, body, json: () => JSON.parse(body) as unknown };
}

const routes: TRoute[] = [];
/** A real PDF as the CV upload sends it. */
const cvUpload = (await makeCvPdf()).toString('base64');
const t = await buildTestApp(
  // The per-address and per-account login limits would turn most runs of the auth routes into 429s.
  { AUTH_MAX_PER_IP: '1000000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000' },
  {
    onRoute: (route: RouteOptions) => {
      // HEAD runs the GET handler and drops the body: fuzzing the GET covers it.
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routes.push({ method, url: route.url, schema: (route.schema ?? {}) as TRoute['schema'] });
    },
  },
);
/** Answers by route and status: FUZZ_REPORT=1 prints them, to see how far past the schemas the runs get. */
const tally: Record<string, Record<number, number>> = {};
afterAll(() => {
  if (process.env.FUZZ_REPORT) console.table(tally);
  return t.app.close();
});

interface TFixtures {
  headers: Record<TIdentity, Record<string, string>>;
  samples: TSamples;
}

/** An empty database with one user of each role (signed in), an offer, a CV and an application: the same for every route. */
async function freshFixtures(): Promise<TFixtures> {
  await emptyDatabase(t.database);
  const db = t.app.db;
  const users = {} as Record<TRole, TCreatedUser>;
  for (const role of ROLES) users[role] = await createUser(db, role);
  await giveCv(db, users.farmacista.id);
  const offer = await createOffer(db, users.titolare.id);
  const application = await createApplication(db, offer.id, users.farmacista.id);
  const headers = { anonymous: {} } as Record<TIdentity, Record<string, string>>;
  for (const role of ROLES) headers[role] = bearer(await t.app.jwt.signAccess({ userId: users[role].id, role }));
  return {
    headers,
    samples: {
      strings: [
        ...ROLES.map((role) => users[role].email),
        DEFAULT_PASSWORD,
        'password-sicura',
        'nuovo.utente@example.it',
        '2099-12-01',
        '1990-05-20',
        'MI',
        'Lombardia',
        'Milano',
        '3331234567',
        '01234567890',
        ...ROLES,
        'Turno di notte in farmacia',
        '20 €/ora',
        '45,46',
        '9.19',
      ],
      ids: [...ROLES.map((role) => users[role].id), offer.id, application.id, 1],
      fields: goodFields(users),
      records: goodRecords(users, cvUpload),
    },
  };
}

/** Whether every fixture user still has a working session, and the offer and its application are still there. */
async function intact(fixtures: TFixtures): Promise<boolean> {
  for (const role of ROLES) {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: fixtures.headers[role] });
    if (response.statusCode !== 200) return false;
  }
  const [offerId, applicationId] = fixtures.samples.ids.slice(ROLES.length);
  const result = await t.app.db.execute(
    sql`select (select count(*) from offers where id = ${offerId}) + (select count(*) from applications where id = ${applicationId}) as n`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n) === 2;
}

/** Field values that pass the schemas: a registration, a profile, an offer, a location… (by field name). */
function goodFields(users: Record<TRole, TCreatedUser>): TSamples['fields'] {
  const fields: Record<string, unknown[]> = {};
  const add = (values: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(values)) fields[key] = [...(fields[key] ?? []), value];
  };
  add(pharmacistProfile());
  add(ownerProfile());
  add({
    userRole: 'farmacista',
    username: 'nuova.farmacista@example.it',
    password: DEFAULT_PASSWORD,
    email: users.farmacista.email,
  });
  add({ userRole: 'titolare', username: users.titolare.email, email: users.titolare.email });
  add({
    title: 'Turno di notte',
    description: 'Sostituzione per ferie.',
    salary: '20 €/ora',
    date_from: '2099-01-10',
    date_to: null,
  });
  add({ date_from: null, date_to: '2099-02-10', descrizione: 'Farmacista con esperienza in galenica.' });
  add({ lat: 45.46, lng: 9.19, userId: users.titolare.id, offer_id: 1, page: 1, page_size: 20, search: 'Rossi', comune: 'Roma' });
  add({ lat: '45,46', lng: '9.19', provincia: 'MI', q: 'Mil', role: 'titolare' });
  // The offer map's area and zoom, and the offers behind one of its markers.
  add({ bbox: '6,36,19,47.5', zoom: 5, ids: '1,2' });
  add({ bbox: '9.15,45.44,9.25,45.5', zoom: 14, ids: '1' });
  return fields;
}

/** Whole bodies that pass the schemas, so a body with one hostile field differs from a good one in that field only. */
function goodRecords(users: Record<TRole, TCreatedUser>, cv: string): Record<string, unknown>[] {
  const registrationOf = (role: 'farmacista' | 'titolare') => ({
    username: `nuovo.${role}@example.it`,
    password: DEFAULT_PASSWORD,
    profile: { ...(role === 'farmacista' ? pharmacistProfile() : ownerProfile()), userRole: role },
  });
  return [
    registrationOf('farmacista'),
    registrationOf('titolare'),
    { profile: pharmacistProfile() },
    { profile: ownerProfile() },
    { pdf_file: cv },
    {
      title: 'Turno di notte',
      description: 'Sostituzione per ferie.',
      salary: '20 €/ora',
      date_from: '2099-01-10',
      date_to: null,
    },
    { userId: users.titolare.id, lat: 41.9, lng: 12.5 },
    ...ROLES.map((role) => ({ username: users[role].email, password: DEFAULT_PASSWORD })),
    { email: users.farmacista.email },
    // The offer map, and the offers behind one of its markers.
    { bbox: '6,36,19,47.5', zoom: 5 },
    { bbox: '9.15,45.44,9.25,45.5', zoom: 14, region: 'Lombardia', min_pay: 10 },
    { ids: '1,2' },
  ];
}

const pathOf = (route: TRoute, segments: string[]) => {
  let index = 0;
  return route.url.replace(/:[A-Za-z_]+|\*/g, () => segments[index++] ?? '1');
};
const parameterCount = (route: TRoute) => route.url.match(/:[A-Za-z_]+|\*/g)?.length ?? 0;
const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Who the route's guard lets through: those not answered 401 or 403 to an empty call (everyone, if nobody is). */
async function allowedIdentities(route: TRoute, fixtures: TFixtures): Promise<TIdentity[]> {
  const identities: TIdentity[] = ['anonymous', ...ROLES];
  const allowed: TIdentity[] = [];
  for (const identity of identities) {
    const response = await inject(route, {
      method: route.method as 'GET',
      url: pathOf(route, Array(parameterCount(route)).fill('999999')),
      headers: fixtures.headers[identity],
      ...(hasBody(route.method) ? { payload: {} } : {}),
    });
    if (response.statusCode !== 401 && response.statusCode !== 403) allowed.push(identity);
  }
  return allowed.length ? allowed : identities;
}

function hostileRequest(route: TRoute, samples: TSamples, identities: TIdentity[]) {
  const { body, querystring } = route.schema;
  const jsonBody = (body ? hostileValue(body, samples) : unexpectedObject).map((value) => ({
    contentType: 'application/json',
    payload: toJsonText(value),
  }));
  return fc.record({
    identity: fc.constantFrom(...identities),
    segments: fc.array(hostilePathSegment(samples), { minLength: parameterCount(route), maxLength: parameterCount(route) }),
    query: querystring ? hostileValue(querystring, samples) : fc.option(unexpectedObject, { nil: undefined }),
    body: hasBody(route.method)
      ? fc.oneof({ weight: 8, arbitrary: jsonBody }, { weight: 2, arbitrary: malformedBodies })
      : fc.constant(undefined),
  });
}

describe(`every route, fuzzed (FUZZ_SEED=${seed}, ${numRuns} runs a route)`, () => {
  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s: no 5xx, no write behind a 4xx',
    async (_name, route) => {
      let fixtures = await freshFixtures();
      const identities = await allowedIdentities(route, fixtures);
      fixtures = await freshFixtures();
      const property = fc.asyncProperty(hostileRequest(route, fixtures.samples, identities), async (request) => {
        const query = toQueryString(request.query);
        const before = await tableSnapshot(t.database);
        const response = await inject(route, {
          method: route.method as 'GET',
          url: pathOf(route, request.segments) + (query ? `?${query}` : ''),
          headers: {
            ...fixtures.headers[request.identity],
            ...(request.body ? { 'content-type': request.body.contentType } : {}),
          },
          ...(request.body?.payload === undefined ? {} : { payload: request.body.payload }),
        });
        const status = response.statusCode;
        const counts = tally[`${route.method} ${route.url}`] ?? {};
        counts[status] = (counts[status] ?? 0) + 1;
        tally[`${route.method} ${route.url}`] = counts;
        expect(status, response.body.slice(0, 500)).toBeLessThan(500);
        expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
        if (status >= 400) {
          expect(await tableSnapshot(t.database), `a write behind ${status} ${response.body.slice(0, 200)}`).toEqual(before);
          if (String(response.headers['content-type']).startsWith('text/html')) {
            // A page a person opens from a mail (the one-click unsubscribe) answers with an Italian page, not JSON.
            expect(response.body, 'an error page is in Italian').toContain('<html lang="it"');
          } else {
            // docs/rules.md#errors: {message: an Italian sentence, code: stable_snake_case}, never a framework's own answer.
            expect(response.json(), 'an error answers {message, code}').toMatchObject({
              message: expect.any(String),
              code: expect.stringMatching(/^[a-z][a-z_]*$/),
            });
          }
        } else if (hasBody(route.method) && !(await intact(fixtures))) {
          // A write went through that undid a fixture (an account or the offer deleted): the next run starts whole again.
          fixtures = await freshFixtures();
        }
      });
      try {
        await fc.assert(property, { seed, numRuns, includeErrorInReport: true });
      } catch (error) {
        throw new Error(`FUZZ_SEED=${seed} reproduces this failure.\n${(error as Error).message}`);
      }
    },
    120_000,
  );
});

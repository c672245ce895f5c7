/**
 * The strict floor (docs/decisions/029 and 036): the least any Node server can do for our list endpoints. A plain
 * node:http server with a pg pool of the API's size. It runs our exact SQL: each statement's text is rendered once at
 * start by our own query builders, given placeholders, and sent as a named prepared statement with `$n` parameters, so
 * PostgreSQL parses and plans it once per connection. It verifies tokens with jose and remembers the verified ones, and
 * caches the session user 5 s, both as the API does (lib/jwt.ts, lib/session-user-cache.ts), and resolves the pharmacies
 * an owner's request is for (`X-Farmacia`: one, or `tutte` for the group, decision 092) through the API's own cache of
 * them (modules/organisations/access.ts). It JSON.stringify-es the
 * rows as pg returns them. No framework, no schema, no hooks, no compression, no mapping. bench/load.ts starts it
 * beside the API (bench/processes.ts).
 *
 * The routes written here by hand answer by path. Every other target of bench/load.ts is a replay: FLOOR_CAPTURES
 * names a JSON file of the statements the API ran for one request of each target (bench/capture-sql.ts), in their
 * groups (a group's statements ran at the same time, the groups one after the other). A request whose
 * `x-bench-target` header names one of them gets, after the same token check, session cache and pharmacies, the same
 * statements with the same values, each a named prepared statement, a group at a time, and their rows as JSON.
 *   DATABASE_URL=… JWT_SECRET=… PORT=3201 [FLOOR_CAPTURES=…] node --import tsx bench/floor.ts
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { LIMITS, type TApplicationStatus, type TOfferSearchQuery, type TRole, todayInItaly } from '@farmaponte/shared';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DATABASE_POOL_SIZE, type TDb } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { createJwt } from '../apps/api/src/lib/jwt';
import { createSessionUserCache } from '../apps/api/src/lib/session-user-cache';
import { usersPageFilter, usersPageQueries } from '../apps/api/src/modules/admin';
import { historiesQuery, receivedApplicationsQuery, receivedPageFilter } from '../apps/api/src/modules/hiring';
import { offerSearchPlan, ownerOffersQuery, searchPoint } from '../apps/api/src/modules/offers';
import { createOwnerScopes } from '../apps/api/src/modules/organisations';
import { ratingSummariesQuery, ratingsAndRecordsQuery, recordsWindow } from '../apps/api/src/modules/ratings';
import { findSession } from '../apps/api/src/modules/sessions';

const { DATABASE_URL, JWT_SECRET = '', PORT, WEB_CONCURRENCY, FLOOR_CAPTURES } = process.env;

/** One target's statements as the API ran them (bench/load.ts writes them from bench/capture-sql.ts's lines). */
export interface TReplay {
  role: TRole;
  /** The statements' groups, in order: those of a group ran at the same time. */
  groups: { text: string; values: (string | null)[] }[][];
}
if (!DATABASE_URL || !JWT_SECRET) throw new Error('DATABASE_URL and JWT_SECRET are required');
// As many processes as the API was given (bench/load.ts), each with its own pool, sharing the port as the API's do.
const processes = Number(WEB_CONCURRENCY ?? 1);
if (processes > 1 && cluster.isPrimary) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  // Exit cleanly on SIGTERM, so that `node --cpu-prof` writes the floor's profile too.
  process.on('SIGTERM', () => process.exit(0));
  serve();
}

function serve() {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: DATABASE_POOL_SIZE });
  // Drizzle only renders each statement's text, once, below (and loads the session user, once per 5 s).
  const db = drizzle(pool, { schema }) as unknown as TDb;
  const jwt = createJwt(JWT_SECRET);
  const sessions = createSessionUserCache(
    () => new Date(),
    (userId, familyId) => findSession(db, userId, familyId),
  );
  const scopes = createOwnerScopes(db, () => new Date());
  /** The pharmacies an owner's request is for: the one `X-Farmacia` names (or the person's own), or the group's. */
  const pharmaciesOf = async (userId: number, header: string | string[] | undefined) => {
    const asked = header === 'tutte' ? 'all' : header ? Number(header) : undefined;
    const scope = await scopes.resolve(userId, asked);
    return scope ? (scope.groupPharmacyIds ?? [scope.pharmacyId]) : undefined;
  };

  /** A named statement of constant text, rendered now from a query built with `sql.placeholder()`s. */
  const statement = (name: string, query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = query.toSQL();
    return async (values: Record<string, unknown>) =>
      (await pool.query({ name, text, values: fillPlaceholders(params, values) })).rows;
  };
  const p = sql.placeholder;
  const int = (text: string | null, fallback: number) => (text ? Number(text) : fallback);

  const ownerOffers = statement('owner_offers', ownerOffersQuery(db, p('pharmacyIds'), p('today')));
  // One pair of statements per shape of the users page: with or without a search, with or without a role.
  const usersPages = new Map<string, { count: ReturnType<typeof statement>; page: ReturnType<typeof statement> }>();
  for (const search of [false, true])
    for (const role of [false, true]) {
      const shape = `${search ? 'search' : 'all'}_${role ? 'role' : 'any'}`;
      const queries = usersPageQueries(db, {
        pattern: search ? p('pattern') : undefined,
        role: role ? p('role') : undefined,
        limit: p('limit'),
        offset: p('offset'),
      });
      usersPages.set(shape, {
        count: statement(`users_count_${shape}`, queries.count),
        page: statement(`users_page_${shape}`, queries.page),
      });
    }
  // One statement per shape of the received-applications page: with or without ?offer_id=, ?status=, ?albo_verified=.
  const receivedPages = new Map<string, ReturnType<typeof statement>>();
  for (const offer of [false, true])
    for (const status of [false, true])
      for (const albo of [false, true]) {
        const shape = `${offer ? 'offer' : 'any'}_${status ? 'status' : 'any'}_${albo ? 'albo' : 'any'}`;
        const query = receivedApplicationsQuery(db, p('pharmacyIds'), {
          offerId: offer ? p('offerId') : undefined,
          status: status ? p('status') : undefined,
          alboVerified: albo ? p('alboVerified') : undefined,
          limit: p('limit'),
          offset: p('offset'),
        });
        receivedPages.set(shape, statement(`received_page_${shape}`, query));
      }
  const histories = statement('application_histories', historiesQuery(db, p('ids')));
  // The applicants' ratings and reliability records, as the API adds them to the page.
  const standing = statement(
    'ratings_and_records',
    ratingsAndRecordsQuery(db, { ids: p('ids'), today: p('today'), since: p('since'), sinceAt: p('sinceAt') }),
  );

  // The offer search by total pay (decision 094): our statements for the query's shape, rendered once per shape.
  const searchStatements = new Map<string, { rows: ReturnType<typeof statement>; count: ReturnType<typeof statement> }>();
  const ratingStatement = statement('rating_summaries', ratingSummariesQuery(db, p('ids')));

  /** An answer for the user of the session; an owner's is for `pharmacyIds` (the pharmacies of `X-Farmacia`). */
  type TAnswer = (userId: number, query: URLSearchParams, pharmacyIds: number[]) => Promise<unknown>;
  const routes: Record<string, { role: TRole; answer: TAnswer }> = {
    '/api/offers/mine/': {
      role: 'titolare',
      answer: (_userId, _query, pharmacyIds) => ownerOffers({ pharmacyIds, today: todayInItaly(new Date()) }),
    },
    // The search's parameters as numbers and words, without a schema: near, radius_km, sort, page, min_total, forma.
    '/api/offers/': {
      role: 'farmacista',
      async answer(userId, query) {
        const number = (key: string) => (query.has(key) ? Number(query.get(key)) : undefined);
        const search = {
          near: query.get('near') ?? undefined,
          radius_km: number('radius_km'),
          sort: query.get('sort') ?? undefined,
          page: number('page'),
          min_total: number('min_total'),
          forma: query.get('forma') ?? undefined,
        } as TOfferSearchQuery;
        const point = searchPoint(search);
        const plan = offerSearchPlan(db, search, point, userId, undefined, new Date());
        let statements = searchStatements.get(plan.name);
        if (!statements) {
          statements = { rows: statement(plan.name, plan.rows()), count: statement(`${plan.name}_count`, plan.count()) };
          searchStatements.set(plan.name, statements);
        }
        const [rows, total] = await Promise.all([statements.rows(plan.values), statements.count(plan.values)]);
        const ratings = rows.length ? await ratingStatement({ ids: [...new Set(rows.map((row) => Number(row.owner_id)))] }) : [];
        return { count: Number(total[0]?.n ?? 0), results: rows, ratings };
      },
    },
    '/api/users/all/': {
      role: 'admin',
      async answer(_userId, query) {
        const values = usersPageFilter({
          search: query.get('search') ?? '',
          role: (query.get('role') || undefined) as TRole | undefined,
          page: int(query.get('page'), 1),
          page_size: int(query.get('page_size'), LIMITS.usersPageSize),
        });
        const shape = usersPages.get(`${values.pattern ? 'search' : 'all'}_${values.role ? 'role' : 'any'}`);
        if (!shape) throw new Error('no users statement');
        const [[total], results] = await Promise.all([shape.count(values), shape.page(values)]);
        return { count: Number(total?.n ?? 0), results };
      },
    },
    '/api/titolare/candidatures/': {
      role: 'titolare',
      async answer(_userId, query, pharmacyIds) {
        const filter = receivedPageFilter({
          offer_id: query.get('offer_id') ? Number(query.get('offer_id')) : undefined,
          status: (query.get('status') || undefined) as TApplicationStatus | undefined,
          albo_verified: query.has('albo_verified') ? query.get('albo_verified') === 'true' : undefined,
          page: int(query.get('page'), 1),
          page_size: int(query.get('page_size'), LIMITS.receivedApplicationsPageSize),
        });
        const page = receivedPages.get(
          `${filter.offerId ? 'offer' : 'any'}_${filter.status ? 'status' : 'any'}_${filter.alboVerified !== undefined ? 'albo' : 'any'}`,
        );
        if (!page) throw new Error('no received-applications statement');
        const rows = await page({ pharmacyIds, ...filter });
        if (!rows.length) return { rows, histories: [] };
        const ids = rows.map((row) => Number(row.id));
        const people = [...new Set(rows.map((row) => Number(row.farmacista_id)))];
        const [steps, standings] = await Promise.all([
          histories({ ids }),
          standing({ ids: people, ...recordsWindow(new Date()) }),
        ]);
        return { rows, histories: steps, standings };
      },
    },
  };

  // The replayed targets: each statement's text gets its name once, shared by the targets that run it.
  const replays: Record<string, TReplay> = FLOOR_CAPTURES ? JSON.parse(readFileSync(FLOOR_CAPTURES, 'utf8')) : {};
  const names = new Map<string, string>();
  const named = (text: string) => {
    const name = names.get(text) ?? `replay_${names.size}`;
    names.set(text, name);
    return name;
  };
  const replay = async (target: TReplay) => {
    const answers: unknown[][] = [];
    // A target that ran a transaction (the group's report) runs it again on one connection, a statement at a time.
    if (target.groups.some((group) => group.some((statement) => /^\s*begin\b/i.test(statement.text)))) {
      const client = await pool.connect();
      try {
        for (const statement of target.groups.flat())
          answers.push((await client.query({ name: named(statement.text), ...statement })).rows);
      } finally {
        client.release();
      }
      return answers;
    }
    for (const group of target.groups) {
      const results = await Promise.all(
        group.map((statement) => pool.query({ name: named(statement.text), text: statement.text, values: statement.values })),
      );
      for (const result of results) answers.push(result.rows);
    }
    return answers;
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };

  createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://floor');
      if (url.pathname === '/api/health/') return send(response, 200, { status: 'ok' });
      const target = request.headers['x-bench-target'];
      const replayed = typeof target === 'string' ? replays[target] : undefined;
      const route = replayed ? { role: replayed.role, answer: () => replay(replayed) } : routes[url.pathname];
      if (!route) return send(response, 404, { message: 'not found' });
      const header = request.headers.authorization;
      const claims = header?.startsWith('Bearer ') ? await jwt.verifyAccess(header.slice(7).trim()) : null;
      const user = claims ? await sessions.get(claims.userId, claims.familyId) : undefined;
      if (!user) return send(response, 401, { message: 'unauthorized' });
      if (user.role !== route.role) return send(response, 403, { message: 'forbidden' });
      const pharmacyIds =
        user.role === 'titolare' && route.role === 'titolare' ? await pharmaciesOf(user.id, request.headers['x-farmacia']) : [];
      if (!pharmacyIds) return send(response, 404, { message: 'not found' });
      send(response, 200, await route.answer(user.id, url.searchParams, pharmacyIds));
    } catch (error) {
      send(response, 500, { message: (error as Error).message });
    }
  }).listen(Number(PORT ?? 3201), '127.0.0.1');
}

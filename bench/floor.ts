/**
 * The floor (docs/rules.md#performance, decision 029): the least any Node server can do for our list endpoints. A plain node:http server
 * with a pg pool of the API's size, jose for the token and the session user cached 5 s as the API does, running the
 * very SQL the API runs (the same query builders, rendered with toSQL) and JSON.stringify-ing the rows. No framework,
 * no schema, no hooks, no compression, no mapping. bench/load.ts starts it beside the API.
 *   DATABASE_URL=… JWT_SECRET=… PORT=3201 node --import tsx bench/floor.ts
 */
import cluster from 'node:cluster';
import { createServer, type ServerResponse } from 'node:http';
import { LIMITS, type TRole, todayInItaly } from '@farmaponte/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DATABASE_POOL_SIZE, type TDb } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { createJwt } from '../apps/api/src/lib/jwt';
import { createSessionUserCache } from '../apps/api/src/lib/session-user-cache';
import { usersPageFilter, usersPageQueries } from '../apps/api/src/modules/admin/service';
import { historiesQuery, receivedApplicationsQuery } from '../apps/api/src/modules/applications/service';
import { findSession } from '../apps/api/src/modules/auth/service';
import { ownerOffersQuery } from '../apps/api/src/modules/offers/service';

const { DATABASE_URL, JWT_SECRET = '', PORT, WEB_CONCURRENCY } = process.env;
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
  // Drizzle only builds the SQL (and loads the session user, once per 5 s); every list query goes to the pool as text.
  const db = drizzle(pool, { schema }) as unknown as TDb;
  const jwt = createJwt(JWT_SECRET);
  const sessions = createSessionUserCache(
    () => new Date(),
    (userId, familyId) => findSession(db, userId, familyId),
  );

  const run = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    return (await pool.query(sql, params)).rows;
  };
  const int = (text: string | null, fallback: number) => (text ? Number(text) : fallback);

  const routes: Record<string, { role: TRole; answer: (userId: number, query: URLSearchParams) => Promise<unknown> }> = {
    '/api/offers/mine/': { role: 'titolare', answer: (userId) => run(ownerOffersQuery(db, userId, todayInItaly(new Date()))) },
    '/api/users/all/': {
      role: 'admin',
      async answer(_userId, query) {
        const queries = usersPageQueries(
          db,
          usersPageFilter({
            search: query.get('search') ?? '',
            role: (query.get('role') || undefined) as TRole | undefined,
            page: int(query.get('page'), 1),
            page_size: int(query.get('page_size'), LIMITS.usersPageSize),
          }),
        );
        const [[total], results] = await Promise.all([run(queries.count), run(queries.page)]);
        return { count: Number(total?.n ?? 0), results };
      },
    },
    '/api/titolare/candidatures/': {
      role: 'titolare',
      async answer(userId, query) {
        const rows = await run(
          receivedApplicationsQuery(db, userId, {
            page: int(query.get('page'), 1),
            page_size: int(query.get('page_size'), LIMITS.receivedApplicationsPageSize),
          }),
        );
        const ids = rows.map((row) => Number(row.id));
        const histories = ids.length ? await run(historiesQuery(db, ids)) : [];
        return { rows, histories };
      },
    },
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };

  createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://floor');
      if (url.pathname === '/api/health/') return send(response, 200, { status: 'ok' });
      const route = routes[url.pathname];
      if (!route) return send(response, 404, { message: 'not found' });
      const header = request.headers.authorization;
      const claims = header?.startsWith('Bearer ') ? await jwt.verifyAccess(header.slice(7).trim()) : null;
      const user = claims ? await sessions.get(claims.userId, claims.familyId) : undefined;
      if (!user) return send(response, 401, { message: 'unauthorized' });
      if (user.role !== route.role) return send(response, 403, { message: 'forbidden' });
      send(response, 200, await route.answer(user.id, url.searchParams));
    } catch (error) {
      send(response, 500, { message: (error as Error).message });
    }
  }).listen(Number(PORT ?? 3201), '127.0.0.1');
}

/**
 * Asks each hot GET of a generated dataset (bench/generate.ts) once, as the accounts the benchmarks log in as, against
 * a server started on it, and prints a table: the status, the answer's size and what it holds (a count, a list's
 * length). A route answering other than 200, or with nothing in it, is what a benchmark on the dataset would measure
 * wrongly. Reading a thread marks its messages read, as it does for a user.
 *   npx tsx bench/dataset-check.ts [--database-url postgres://root@127.0.0.1:5432/farmaponte_bench] [--port 3460]
 */
import { parseArgs } from 'node:util';
import { BENCH_ACCOUNTS, benchIds, DEFAULT_BENCH_URL } from './database';
import { benchToken, startBenchServer, waitForHealth } from './processes';

const { values } = parseArgs({
  options: { 'database-url': { type: 'string', default: DEFAULT_BENCH_URL }, port: { type: 'string', default: '3460' } },
});
const base = `http://127.0.0.1:${values.port}`;
const server = startBenchServer('apps/api/src/server.ts', { port: values.port, databaseUrl: values['database-url'] });
try {
  await waitForHealth(base);
  const ids = await benchIds(values['database-url']);
  const token = (email: string) => benchToken(base, email);
  const as = {
    pharmacist: await token(BENCH_ACCOUNTS.pharmacist),
    owner: await token(BENCH_ACCOUNTS.owner),
    group: await token(BENCH_ACCOUNTS.groupOwner),
    admin: await token(BENCH_ACCOUNTS.admin),
  };
  const month = `?year=${ids.shiftsMonth.year}&month=${ids.shiftsMonth.month}`;
  const routes: [keyof typeof as, string, Record<string, string>?][] = [
    ['pharmacist', '/api/invitations/mine/'],
    ['owner', `/api/offers/${ids.invitedOfferId}/invitations/`],
    ['pharmacist', '/api/messages/unread/'],
    ['owner', '/api/messages/unread/'],
    ['pharmacist', `/api/applications/${ids.longThreadApplicationId}/messages/`],
    ['pharmacist', '/api/notifications/'],
    ['owner', '/api/notifications/'],
    ['pharmacist', '/api/user/counts/'],
    ['owner', '/api/user/counts/'],
    ['group', '/api/user/counts/'],
    ['owner', '/api/pharmacists/available/'],
    ['group', '/api/pharmacists/available/'],
    ['owner', `/api/users/${ids.reviewedUserId}/reviews/`],
    ['pharmacist', `/api/users/${ids.ownerId}/reviews/`],
    ['pharmacist', '/api/reviews/pending/'],
    ['owner', '/api/reviews/pending/'],
    ['pharmacist', '/api/shifts/mine/'],
    ['pharmacist', `/api/shifts/mine/${month}`],
    ['owner', '/api/shifts/owner/'],
    ['group', '/api/shifts/owner/'],
    ['pharmacist', '/api/invoices/mine/'],
    ['owner', '/api/invoices/received/'],
    ['group', '/api/invoices/received/', { 'x-farmacia': 'tutte' }],
    ['admin', '/api/admin/verifications/'],
    ['admin', '/api/admin/reports/'],
    ['admin', '/api/admin/audit/'],
  ];
  /** What an answer holds: its count, or the length of its list (results, shifts, invoices, an array). */
  const holds = (body: unknown): string => {
    if (Array.isArray(body)) return `${body.length} rows`;
    const b = body as Record<string, unknown>;
    const parts: string[] = [];
    if (typeof b.count === 'number') parts.push(`count ${b.count}`);
    for (const key of ['results', 'shifts', 'invoices']) if (Array.isArray(b[key])) parts.push(`${key} ${b[key].length}`);
    for (const key of ['total', 'unread', 'messages_unread']) if (typeof b[key] === 'number') parts.push(`${key} ${b[key]}`);
    if (b.totals && typeof b.totals === 'object') parts.push(`totals ${JSON.stringify(b.totals)}`);
    return parts.join(', ') || JSON.stringify(body).slice(0, 120);
  };
  console.log(`ids: ${JSON.stringify(ids)}`);
  console.log('| who | GET | status | bytes | holds |\n|---|---|---|---|---|');
  for (const [who, path, headers] of routes) {
    const response = await fetch(base + path, { headers: { authorization: `Bearer ${as[who]}`, ...headers } });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    console.log(`| ${who} | ${path} | ${response.status} | ${text.length} | ${holds(body)} |`);
  }
} finally {
  server.kill();
}

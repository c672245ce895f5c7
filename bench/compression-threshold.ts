/**
 * What compressing a small JSON answer costs against what it saves (docs/decisions/043): the threshold under which
 * `compressAnswer` (apps/api/src/lib/compression.ts) sends an answer as it is. In one process, a bare Fastify app
 * answers users pages (the shape of /api/users/all/) of several sizes, as they are and as the hook would compress
 * them (brotli 1 and gzip 1, window fitted: `compressSync`), in alternating rounds; CPU time per request from
 * `process.cpuUsage`, which is steadier than wall time on a shared machine. Prints a table.
 *   npx tsx bench/compression-threshold.ts [--requests 3000] [--rounds 4]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { compressSync, type TEncoding } from '../apps/api/src/lib/compression';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '4' } },
});
const requests = Number(values.requests);
const rounds = Number(values.rounds);

/** A users page as /api/users/all/ writes it: `rows` users and the page's links. */
function usersPage(rows: number): string {
  const results = Array.from({ length: rows }, (_, i) => ({
    id: 1000 + i,
    username: `farmacista${1000 + i}@example.it`,
    role: i % 3 ? 'farmacista' : 'titolare',
    preferred_region: i % 4 ? 'Lombardia' : null,
    name: `Nome${i}`,
    surname: `Cognome${i}`,
    created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  }));
  return JSON.stringify({ count: 20_000, next: '/api/users/all/?page=2', previous: null, results });
}

const sizes = [10, 15, 20, 30, 60];
const app = Fastify();
for (const rows of sizes) {
  const body = usersPage(rows);
  app.get(`/plain/${rows}`, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  for (const encoding of ['br', 'gzip'] as TEncoding[])
    app.get(`/${encoding}/${rows}`, (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('vary', 'accept-encoding')
        .header('content-encoding', encoding)
        .send(compressSync(body, encoding)),
    );
}
await app.ready();

/** CPU µs per request of `requests` injects of this path, and the body's bytes. */
async function cpuPerRequest(path: string): Promise<{ us: number; bytes: number }> {
  let bytes = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < requests; i++) bytes = (await app.inject(path)).rawPayload.length;
  const used = process.cpuUsage(start);
  return { us: (used.user + used.system) / requests, bytes };
}

const load = loadavg()[0]?.toFixed(1);
const rowsOut: string[] = [];
for (const rows of sizes) {
  const samples: Record<string, number[]> = { plain: [], br: [], gzip: [] };
  const bytes: Record<string, number> = {};
  for (let round = 0; round < rounds; round++)
    for (const kind of ['plain', 'br', 'gzip']) {
      const { us, bytes: size } = await cpuPerRequest(`/${kind}/${rows}`);
      samples[kind]?.push(us);
      bytes[kind] = size;
    }
  const median = (list: number[] = []) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const [plain, br, gzip] = [median(samples.plain), median(samples.br), median(samples.gzip)];
  const savedKb = ((bytes.plain ?? 0) - (bytes.br ?? 0)) / 1024;
  rowsOut.push(
    `| ${rows} | ${((bytes.plain ?? 0) / 1024).toFixed(1)} | ${bytes.br} / ${bytes.gzip} | ${plain.toFixed(0)} | ${br.toFixed(0)} / ${gzip.toFixed(0)} | ${(br - plain).toFixed(0)} | ${savedKb.toFixed(1)} | ${((br - plain) / savedKb).toFixed(0)} |`,
  );
}
console.log(`${requests} requests × ${rounds} rounds per cell, medians; load average ${load} → ${loadavg()[0]?.toFixed(1)}`);
console.log(
  '| users | KB as it is | bytes br / gzip | µs as it is | µs br / gzip | µs more (br) | KB saved (br) | µs per KB saved |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const line of rowsOut) console.log(line);
await app.close();

/**
 * The mail outbox's throughput on PostgreSQL: N mails queued, then drained by 1, 2 and 4 senders (each with its own
 * database pool and its own SMTP pool of --connections, as separate instances would be) into a local SMTP server.
 * Prints a table (mails/s in all and per sender, docs/decisions/042 aims at 100/s per process); asserts nothing.
 *
 *   npx tsx bench/outbox.ts [--mails 2000] [--connections 5] [--url postgres://root@127.0.0.1:5432/farmaponte_bench_outbox]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { createMailer, createOutboxSender, enqueueMail } from '../apps/api/src/modules/mail';
import { startSmtpServer } from '../apps/api/test/smtp';
import { createBenchDatabase } from './database';

const { values } = parseArgs({
  options: {
    mails: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '5' },
    url: { type: 'string', default: 'postgres://root@127.0.0.1:5432/farmaponte_bench_outbox' },
  },
});
const mails = Number(values.mails);
const url = await createBenchDatabase(values.url);
const silent = { warn() {}, error() {}, info() {} } as never;
const smtp = await startSmtpServer();
const setup = await openDatabase({ databaseUrl: url });
await setup.migrate();

const rows: string[] = [];
for (const senders of [1, 2, 4]) {
  await setup.db.execute(sql`truncate mail_outbox restart identity`);
  smtp.received.length = 0;
  const now = new Date();
  for (let i = 0; i < mails; i++)
    await enqueueMail(
      setup.db,
      { userId: null, to: `p${i}@example.it`, subject: `Mail ${i}`, text: `Testo ${i}`, html: `<p>Testo ${i}</p>` },
      now,
    );
  const databases = await Promise.all(Array.from({ length: senders }, () => openDatabase({ databaseUrl: url })));
  const mailers = databases.map(() =>
    createMailer({
      smtpUrl: smtp.url,
      from: 'Bench <bench@example.it>',
      dataDir: '/nonexistent',
      log: silent,
      maxConnections: Number(values.connections),
    }),
  );
  const started = performance.now();
  const results = await Promise.all(
    databases.map((database, i) =>
      createOutboxSender({ db: database.db, mailer: mailers[i] as never, now: () => new Date(), log: silent }).runOnce(),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const unique = new Set(smtp.received.map((m) => m.to[0])).size;
  rows.push(
    `| ${senders} | ${mails} | ${results.map((r) => r.sent).join(' + ')} | ${seconds.toFixed(2)} | ${Math.round(mails / seconds)} | ${Math.round(mails / seconds / senders)} | ${smtp.received.length - unique} |`,
  );
  for (const mailer of mailers) mailer.close();
  await Promise.all(databases.map((database) => database.close()));
}
await setup.close();
await smtp.close();

console.log(`SMTP connections per sender: ${values.connections}`);
console.log('| senders | mails | sent by each | seconds | mails/s | mails/s per sender | sent twice |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);

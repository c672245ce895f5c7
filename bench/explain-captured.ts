/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements bench/load.ts captured from our API (`--captures FILE`), with their
 * values, for the rows that miss their budget: per target, each read's planning and execution time, and with `--plans`
 * the plans themselves. Writes nothing: a target's writes (an audit entry, messages marked read) are skipped, and a
 * transaction's own statements too. Planning is what the floor's named prepared statements pay once per connection
 * and ours, sent unnamed, on every request.
 *   npx tsx bench/explain-captured.ts --captures FILE [--targets group-report,verifications] [--plans] [--database-url …]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_BENCH_URL } from './database';
import type { TReplay } from './floor';

const { values } = parseArgs({
  options: {
    captures: { type: 'string' },
    targets: { type: 'string' },
    plans: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: DEFAULT_BENCH_URL },
  },
});
if (!values.captures) throw new Error('--captures FILE is required (bench/load.ts --captures FILE --capture-only)');
const replays = JSON.parse(readFileSync(values.captures, 'utf8')) as Record<string, TReplay>;
const client = new pg.Client({ connectionString: values['database-url'] });
await client.connect();
const wanted = values.targets?.split(',');
for (const [name, replay] of Object.entries(replays)) {
  if (wanted && !wanted.includes(name)) continue;
  console.log(`\n## ${name}`);
  let planning = 0;
  let execution = 0;
  for (const [step, group] of replay.groups.entries())
    for (const statement of group) {
      const text = statement.text.trim();
      if (!/^(select|with)\b/i.test(text)) {
        console.log(`step ${step + 1}: ${text.slice(0, 60)}… (not explained: not a read)`);
        continue;
      }
      // Twice: the first reads the pages into the cache, the second is the steady state the benchmark sees.
      await client.query(`explain (analyze, buffers) ${text}`, statement.values);
      const { rows } = await client.query(`explain (analyze, buffers) ${text}`, statement.values);
      const plan = rows.map((row) => row['QUERY PLAN'] as string);
      const time = (label: string) => Number(plan.find((line) => line.startsWith(label))?.match(/([\d.]+) ms/)?.[1] ?? 0);
      planning += time('Planning Time');
      execution += time('Execution Time');
      console.log(
        `step ${step + 1}: planning ${time('Planning Time').toFixed(2)} ms, execution ${time('Execution Time').toFixed(2)} ms, ${text.length} characters: ${text.slice(0, 90).replace(/\s+/g, ' ')}…`,
      );
      if (values.plans) console.log(plan.map((line) => `    ${line}`).join('\n'));
    }
  console.log(`total: planning ${planning.toFixed(2)} ms, execution ${execution.toFixed(2)} ms`);
}
await client.end();

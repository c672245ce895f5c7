/**
 * Every script, style sheet and SVG of the web build also written as .br (brotli 11) and .gz (gzip 9), once, after
 * `vite build`: the server sends those files as they are (@fastify/static's preCompressed) instead of compressing
 * each download at the fastest level, so a phone downloads less and the server spends no CPU on it while a page
 * loads (docs/decisions/034).
 *   node scripts/precompress.mjs apps/web/dist/assets
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/precompress.mjs DIR');

const files = readdirSync(dir).filter((name) => /\.(js|css|svg)$/.test(name));
let written = 0;
let before = 0;
let after = 0;
await Promise.all(
  files.map(async (name) => {
    const path = join(dir, name);
    const source = readFileSync(path);
    if (source.length < 1024) return;
    const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length };
    const [br, gz] = await Promise.all([brotli(source, { params }), gzipAsync(source, { level: 9 })]);
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    written++;
    before += source.length;
    after += br.length;
  }),
);
console.log(`precompressed ${written} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);

/**
 * The API's production build (docs/decisions/041): esbuild bundles the server, the CV worker thread and the CLI
 * commands into dist/, with our own code and @farmaponte/shared inside and every other package (PGlite's WebAssembly,
 * argon2's native module, …) left to node_modules. Source maps go beside each file, so that under
 * `node --enable-source-maps` a stack trace names the line in src/. About a second; the api-server tests run it first.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const outdir = join(root, 'dist');

/** Packages stay imports resolved from node_modules at run time; only the workspace's own are bundled. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@farmaponte/') ? undefined : { path, external: true },
    );
  },
};

const started = performance.now();
// A file left by an entry point that no longer exists must not be run by mistake.
rmSync(outdir, { recursive: true, force: true });
await build({
  // dist/ keeps src/'s shape for the commands; lib/api-root.ts finds every other file from the package root.
  entryPoints: {
    server: join(root, 'src/server.ts'),
    'cv-worker': join(root, 'src/modules/cv/cv-worker.ts'),
    'cli/seed-demo': join(root, 'src/cli/seed-demo.ts'),
    'cli/create-admin': join(root, 'src/cli/create-admin.ts'),
    'cli/import-pharmacies': join(root, 'src/cli/import-pharmacies.ts'),
    'cli/job': join(root, 'src/cli/job.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [packagesStayExternal],
  sourcemap: 'linked',
  // A stack trace needs the positions only; the sources are in the repository.
  sourcesContent: false,
  // Functions and classes keep their names, as under tsx (bundling would otherwise rename clashing ones).
  keepNames: true,
  logLevel: 'warning',
});
if (!process.argv.includes('--quiet')) console.log(`API compilata in ${outdir} (${Math.round(performance.now() - started)} ms)`);

/**
 * Where the API's files are at run time. The sources (tsx, vitest) and the build in dist/ (docs/decisions/041) run from
 * different folders, and a bundle is one file for many modules: so a path starts from the package root, found from the
 * running file, never from a module's own folder. The data the server reads (migrations, comuni, the FatturaPA schema)
 * stays in src/.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function packageRoot(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${import.meta.dirname}`);
  }
}

/** apps/api, from src/ and from dist/ alike. */
export const API_ROOT = packageRoot();

/** Running the TypeScript sources (tsx, vitest) rather than the build. */
export const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** A path inside apps/api, e.g. apiPath('src/db/migrations'). */
export const apiPath = (...parts: string[]) => join(API_ROOT, ...parts);

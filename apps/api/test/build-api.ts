/**
 * globalSetup of the api-server project: builds the API (build.mjs, about a second) before its tests, so that they run
 * the server and the commands as production does, from dist/ with plain node, and never a build older than the sources.
 */
import { execFileSync } from 'node:child_process';
import { apiPath } from '../src/lib/api-root';

export default function buildApi() {
  execFileSync(process.execPath, [apiPath('build.mjs'), '--quiet'], { stdio: 'inherit' });
}

/**
 * Entry of a CV worker thread (cv-workers.ts) when the API runs from its sources (tsx, vitest). A worker is a fresh Node
 * without the loader the API runs under, so it registers tsx itself and then runs the TypeScript worker, which uses the
 * same schemas as the API. The build runs its own bundle of cv-worker.ts instead (docs/decisions/041).
 */
import { register } from 'tsx/esm/api';

register();
await import('./cv-worker.ts');

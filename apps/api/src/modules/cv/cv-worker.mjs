/**
 * Entry of a CV worker thread (cv-workers.ts). A worker is a fresh Node without the loader the API runs under, so it
 * registers tsx itself and then runs the TypeScript worker, which uses the same schemas as the API.
 */
import { register } from 'tsx/esm/api';

register();
await import('./cv-worker.ts');

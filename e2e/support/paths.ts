import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the e2e server keeps its database and where the SMTP sink drops the mail it receives (one folder per port, so two checkouts can run their journeys at once). */
export const E2E_DIR = join(tmpdir(), `farmaponte-e2e-${process.env.E2E_PORT ?? '3100'}`);
export const E2E_DATA_DIR = join(E2E_DIR, 'data');
export const E2E_INBOX = join(E2E_DIR, 'inbox');
/** Where the e2e server's local push service files each push it receives, still encrypted (decision 096). */
export const E2E_PUSHES = join(E2E_DIR, 'pushes');

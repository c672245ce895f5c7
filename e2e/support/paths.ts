import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the e2e server keeps its database and where the SMTP sink drops the mail it receives. */
export const E2E_DIR = join(tmpdir(), 'farmaponte-e2e');
export const E2E_DATA_DIR = join(E2E_DIR, 'data');
export const E2E_INBOX = join(E2E_DIR, 'inbox');

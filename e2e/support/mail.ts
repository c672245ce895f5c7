import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_INBOX } from './paths';

/** Waits for the newest mail the real SMTP server received for this address and returns its decoded text. */
export async function lastMailTo(address: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const files = readdirSync(E2E_INBOX).sort().reverse();
        for (const file of files) {
          const raw = readFileSync(join(E2E_INBOX, file), 'utf8');
          if (raw.startsWith(`X-Envelope-To: ${address}`)) {
            found = raw;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address}`, timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

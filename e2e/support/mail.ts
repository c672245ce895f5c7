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

/** Waits for a mail the real SMTP server received for this address whose decoded text contains `text`; returns it. */
export async function mailContaining(address: string, text: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        for (const file of readdirSync(E2E_INBOX).sort().reverse()) {
          const raw = readFileSync(join(E2E_INBOX, file), 'utf8');
          if (raw.startsWith(`X-Envelope-To: ${address}`) && raw.includes(text)) {
            found = raw;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address} saying «${text}»`, timeout: 20_000 },
    )
    .toBe(true);
  return found;
}

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

/** The link of the newest e-mail confirmation mail (decision 047) the real SMTP server received for this address. */
export async function confirmationLinkFor(address: string): Promise<string> {
  const mail = await mailContaining(address, '/conferma-email/');
  const link = mail.match(/https?:\/\/\S+\/conferma-email\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no confirmation link in the mail to ${address}`);
  return link;
}

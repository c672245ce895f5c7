/**
 * Journey (decision 063): an admin sees the banner, turns on the two-step login from the profile (the code computed
 * here from the key the page shows, as an authenticator app would), keeps the recovery codes, logs out, then logs in
 * with password and a code; and once more with a recovery code instead of the app. Then, phone and codes lost, another
 * admin turns it off from the user's details, and the password alone logs in again.
 */
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_ACCOUNTS, logIn, PASSWORD } from './support/accounts';
import { expectNoViolations } from './support/axe';
import { expectToastsUnderTheHeader } from './support/feedback';
import { expect, test } from './support/test';

/** The admin e2e/support/serve.ts creates for this journey alone (ADMIN_EMAIL): the demo admin is never changed. */
const ADMIN = 'admin.due-passaggi@farmaponte.it';

/** The code an authenticator app shows for this key, `aheadMs` from now (within the step after, which the server takes). */
const appCode = (secret: string, aheadMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + aheadMs,
  });

const logoutLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Logout', exact: true });

async function passwordStep(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Accesso in due passaggi', exact: true })).toBeVisible();
  await expect(page).toHaveURL('/login');
}

test("un amministratore attiva l'accesso in due passaggi e accede con il codice dell'app o di recupero", async ({ page }) => {
  // Three logins and a setup in one journey.
  test.slow();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL('/');

  // The banner until it is on, with the way to the profile's section.
  await expect(page.getByText("Proteggi il tuo account di amministratore: attiva l'accesso in due passaggi.")).toBeVisible();
  await page.getByRole('link', { name: 'Attivalo dal profilo', exact: true }).click();
  await expect(page).toHaveURL('/profile#accesso-due-passaggi');
  const section = page.getByRole('region', { name: 'Accesso in due passaggi', exact: true });
  await section.getByRole('button', { name: "Attiva l'accesso in due passaggi", exact: true }).click();
  // The password first: a session alone does not turn it on.
  const password = section.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await password.fill('non-è-la-password');
  await section.getByRole('button', { name: 'Continua', exact: true }).click();
  await expect(section.getByText('Password errata.', { exact: true })).toBeVisible();
  await password.fill(PASSWORD);
  await section.getByRole('button', { name: 'Continua', exact: true }).click();
  await expect(section.getByRole('img', { name: "Codice QR da inquadrare con l'app di autenticazione" })).toBeVisible();
  const secret = ((await section.getByTestId('second-step-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is said under the field; the right one turns it on.
  const codeField = section.getByLabel('Codice di verifica', { exact: true });
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await codeField.fill(appCode(secret, 10 * 60_000));
  await section.getByRole('button', { name: 'Conferma e attiva', exact: true }).click();
  await expect(section.getByText('Codice di verifica errato o già usato', { exact: false })).toBeVisible();
  await codeField.fill(appCode(secret));
  await section.getByRole('button', { name: 'Conferma e attiva', exact: true }).click();

  const codes = section.getByRole('list', { name: 'Codici di recupero', exact: true }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  for (const code of recoveryCodes) expect(code.replace(/-/g, '').length).toBeGreaterThanOrEqual(10);
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Scarica i codici (.txt)', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('farmaponte-codici-di-recupero.txt');
  await section.getByRole('button', { name: 'Li ho salvati', exact: true }).click();
  await expect(section.getByText('Attivo: a ogni accesso', { exact: false })).toBeVisible();
  await expect(section.getByText('Codici di recupero ancora disponibili: 10 su 10.')).toBeVisible();
  await expect(page.getByText('Proteggi il tuo account di amministratore', { exact: false })).toHaveCount(0);

  // Logged out, the password alone is not enough: the code of the app is asked for.
  await logoutLink(page).click();
  await passwordStep(page);
  const loginCode = page.getByLabel('Codice di verifica', { exact: true });
  await expect(loginCode).toBeFocused();
  await expectNoViolations(page, "/login, l'accesso in due passaggi, 1280 px");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page, "/login, l'accesso in due passaggi, 390 px");
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(loginCode).toHaveAttribute('autocomplete', 'one-time-code');
  // The step after the one the setup used: a code is never taken twice.
  await loginCode.fill(appCode(secret, 30_000));
  await page.getByRole('button', { name: 'Verifica', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A recovery code in place of the app, once.
  await logoutLink(page).click();
  await passwordStep(page);
  await page.getByRole('button', { name: 'Usa un codice di recupero', exact: true }).click();
  const recoveryField = page.getByLabel('Codice di recupero', { exact: true });
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verifica', exact: true }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/profile');
  await expect(page.getByText('Codici di recupero ancora disponibili: 9 su 10.')).toBeVisible();

  // Phone and codes lost: another admin, having checked who is asking, turns it off from the user's details.
  await logoutLink(page).click();
  await logIn(page, DEMO_ACCOUNTS.admin);
  await page.goto('/utenti');
  await page.getByRole('searchbox', { name: 'Cerca utenti' }).fill(ADMIN);
  await page.getByRole('table', { name: 'Utenti registrati' }).getByRole('button', { name: ADMIN, exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Dettagli utente' });
  await expect(details.getByText('Accesso in due passaggi attivo.', { exact: true })).toBeVisible();
  await details.getByRole('button', { name: "Disattiva l'accesso in due passaggi", exact: true }).click();
  await details.getByRole('button', { name: 'Disattiva', exact: true }).click();
  await expect(details.getByText("Scrivi come hai verificato l'identità della persona", { exact: false })).toBeVisible();
  await details
    .getByLabel("Come hai verificato l'identità (resta nel registro attività)", { exact: true })
    .fill('Carta di identità mostrata in videochiamata');
  await details.getByRole('button', { name: 'Disattiva', exact: true }).click();
  await expect(
    page.getByText('Accesso in due passaggi disattivato: la persona accede con la sola password', { exact: false }),
  ).toBeVisible();
  await expect(details.getByText('Accesso in due passaggi attivo.', { exact: true })).toHaveCount(0);
  await expectToastsUnderTheHeader(page);

  // The password alone logs the other admin in again.
  await details.getByRole('button', { name: 'Chiudi', exact: true }).click();
  await logoutLink(page).click();
  await page.getByLabel('Email', { exact: true }).fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL('/');
});

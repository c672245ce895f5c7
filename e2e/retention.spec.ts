/**
 * Journey: the keep link of a retention warning (decision 068), and the privacy page's periods. The demo's inactive
 * pharmacist was warned at seeding by the retention job's own step: the warning mail reaches the real SMTP server, and
 * its link is followed against the real server.
 */
import { DEMO_ACCOUNTS, logIn } from './support/accounts';
import { expectNoViolations } from './support/axe';
import { mailContaining } from './support/mail';
import { expect, test } from './support/test';

const DAY_MS = 86_400_000;

test("dall'e-mail di avviso si conserva l'account, e il link non vale una seconda volta", async ({ page }) => {
  const email = DEMO_ACCOUNTS.farmacistaInattivo;
  const mail = await mailContaining(email, '/conserva?token=');
  const link = mail.match(/https?:\/\/\S+\/conserva\?token=[\w-]+/)?.[0];
  const day = mail.match(/il (\d{2})\/(\d{2})\/(\d{4}) cancelleremo il tuo account/);
  expect(link, mail).toBeDefined();
  expect(day, mail).not.toBeNull();
  const [, dd, mm, yyyy] = day as RegExpMatchArray;
  // The warning gives the full warning period (30 days by default) from the seeding.
  const daysAway = (Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)) - Date.now()) / DAY_MS;
  expect(daysAway).toBeGreaterThan(28);
  expect(daysAway).toBeLessThan(31);

  await page.goto(link as string);
  await expect(page.getByRole('heading', { name: 'Conserva i tuoi dati' })).toBeVisible();
  await expect(page.getByText(`verrà cancellato il ${dd}/${mm}/${yyyy}`)).toBeVisible();
  await expectNoViolations(page, 'conserva');
  await page.getByRole('button', { name: 'Conserva il mio account' }).click();
  await expect(page.getByRole('status')).toHaveText('Fatto: il tuo account resta attivo e non verrà cancellato.');
  await expect(page.getByRole('heading', { name: 'Dati conservati' })).toBeVisible();

  // The link was used: opening it again says so.
  await page.goto(link as string);
  await expect(page.getByRole('alert')).toContainText('Questo link non è valido oppure è già stato usato');

  await logIn(page, email);
});

test('un link sconosciuto o già usato lo dice in italiano, dal server vero', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/conserva?token=nessuno-lo-conosce');
  await expect(page.getByRole('alert')).toContainText('Questo link non è valido oppure è già stato usato');
  await expect(page.getByRole('link', { name: "Vai all'accesso" })).toBeVisible();
  await expectNoViolations(page, 'conserva, link sconosciuto');
});

test("l'informativa privacy dice per quanto tempo sono conservati i dati", async ({ page }) => {
  await page.goto('/privacy#conservazione');
  const periods = page.getByTestId('retention-periods');
  await expect(periods).toHaveAttribute('aria-busy', 'false');
  for (const text of [
    'Se non accedi per 24 mesi',
    'Almeno 30 giorni prima',
    'Il CV non aggiornato da 24 mesi',
    "per 90 giorni dopo l'ultimo giorno",
    'Le notifiche lette vengono cancellate 12 mesi',
    "per 30 giorni dopo l'invio",
    'è conservato per 730 giorni',
    'Gli account degli amministratori non vengono cancellati',
    'sono conservate per 10 anni dalla loro emissione (art. 2220 del Codice civile)',
  ])
    await expect(periods).toContainText(text);
});

test('senza risposta dal server, la privacy dice i periodi predefiniti', async ({ page }) => {
  await page.route('**/api/privacy/retention/', (route) => route.abort());
  await page.goto('/privacy');
  const periods = page.getByTestId('retention-periods');
  await expect(periods).toContainText('Se non accedi per 24 mesi');
  await expect(periods).toContainText('è conservato per 730 giorni');
});

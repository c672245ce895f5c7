/**
 * Journey (decision 047): a pharmacist registers through /register, is told on the dashboard that a confirmation mail went
 * to the address, opens the link of the mail received and sees the address confirmed, the notice gone; the link opened
 * again says it was used and that the address is confirmed. The link's page checked with axe at 1280 and 390 px.
 */
import { buildAccount, logIn } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { confirmationLinkFor } from './support/mail';
import { fillRegistration, registerButton } from './support/registration';
import { expect, test } from './support/test';

test("una farmacista registrata conferma l'indirizzo con il link della mail", async ({ page }) => {
  // The registration form is filled as a person does, field by field: the longest part of the journey.
  test.setTimeout(120_000);
  const account = buildAccount('farmacista');
  await page.goto('/register');
  await fillRegistration(page, account);
  await registerButton(page).click();
  await expect(page).toHaveURL('/login');
  await logIn(page, account.email, account.password);

  const notice = page.getByRole('region', { name: 'Conferma il tuo indirizzo email' });
  await expect(notice).toContainText(account.email);
  await expect(notice.getByRole('button', { name: 'Invia di nuovo', exact: true })).toBeVisible();

  const link = await confirmationLinkFor(account.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Indirizzo email confermato' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'il tuo indirizzo email è confermato' })).toBeVisible();
  await expectNoSeriousViolations(page, '/conferma-email/… confermato, 1280 px');
  await page.getByRole('link', { name: 'Vai alla tua pagina', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Benvenuto, ${account.name}!` })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // The same link again, on a phone: used, and the address is confirmed all the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'Questo link di conferma è già stato usato.' })).toBeVisible();
  await expect(page.getByText('Il tuo indirizzo email risulta già confermato', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page, '/conferma-email/… già usato, 390 px');
});

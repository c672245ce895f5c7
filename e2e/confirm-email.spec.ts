/**
 * Journey (decision 047): a pharmacist registers through /register, is told on the dashboard that a confirmation mail went
 * to the address, asks for it again, opens the link of the mail received and sees the address confirmed, the notice gone.
 * The link's page checked with axe at 1280 and 390 px, confirmed and refused.
 */
import { buildAccount, logIn } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { confirmationLinkFor } from './support/mail';
import { fillRegistration, registerButton } from './support/registration';
import { expect, test } from './support/test';

test("una farmacista registrata conferma l'indirizzo con il link della mail", async ({ page }) => {
  const account = buildAccount('farmacista');
  await page.goto('/register');
  await fillRegistration(page, account);
  await registerButton(page).click();
  await expect(page).toHaveURL('/login');
  await logIn(page, account.email, account.password);

  const notice = page.getByRole('region', { name: 'Conferma il tuo indirizzo email' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(account.email);
  const firstLink = await confirmationLinkFor(account.email);

  // 'Invia di nuovo': a new mail, whose link replaces the first one.
  await notice.getByRole('button', { name: 'Invia di nuovo', exact: true }).click();
  await expect(page.getByText('Ti abbiamo inviato una nuova email di conferma', { exact: false })).toBeVisible();
  let link = firstLink;
  await expect.poll(async () => (link = await confirmationLinkFor(account.email))).not.toBe(firstLink);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Indirizzo email confermato' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'il tuo indirizzo email è confermato' })).toBeVisible();
  await expectNoSeriousViolations(page, '/conferma-email/… confermato, 1280 px');
  await page.getByRole('link', { name: 'Vai alla tua pagina', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: `Benvenuto, ${account.name}!` })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // The first link was replaced: the page says so, and that the address is confirmed all the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(firstLink);
  await expect(page.getByRole('heading', { level: 1, name: "Non è stato possibile confermare l'indirizzo" })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'sostituito da uno più recente' })).toBeVisible();
  await expect(page.getByText('Il tuo indirizzo email risulta già confermato', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page, '/conferma-email/… sostituito, 390 px');
});

/**
 * Journey: a titolare logged in on two devices presses 'Esci da tutti i dispositivi' on one; the other is logged out
 * too, by itself: its live stream ends with the session (decision 072) and it goes to the login, from where it returns
 * to the page it was on.
 */
import { logIn } from './support/accounts';
import { expect, test } from './support/test';

test("esci da tutti i dispositivi chiude la sessione anche sull'altro dispositivo", async ({ browser, page, signIn }) => {
  const account = await signIn('titolare');

  // The same account on a second device (its own browser context: its own storage, its own session).
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await logIn(other, account.email, account.password);
  await other.getByRole('button', { name: 'Le Mie Offerte', exact: true }).click();
  await expect(other).toHaveURL('/mie_offerte');

  await page.getByRole('link', { name: 'Profilo', exact: true }).click();
  await expect(page).toHaveURL('/profile');
  const button = page.getByRole('button', { name: 'Esci da tutti i dispositivi', exact: true });
  const confirmation = page.getByRole('alertdialog', { name: 'Vuoi uscire da tutti i dispositivi?' });

  // 'Annulla' ends nothing.
  await button.click();
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole('button', { name: 'Annulla', exact: true }).click();
  await expect(confirmation).toBeHidden();
  await expect(page).toHaveURL('/profile');

  await button.click();
  await confirmation.getByRole('button', { name: 'Esci ovunque', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Sessione chiusa su tutti i dispositivi', { exact: false })).toBeVisible();

  // The other device finds out without a click: its stream is ended at once by the server that logged it out, or at the
  // latest by the stream's next heartbeat check (25 s); it is sent to /login and comes back where it was.
  await expect(other).toHaveURL('/login?next=/mie_offerte', { timeout: 35_000 });
  await other.getByLabel('Email', { exact: true }).fill(account.email);
  await other.getByLabel('Password', { exact: true }).fill(account.password);
  await other.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(other).toHaveURL('/mie_offerte');
  await otherDevice.close();
});

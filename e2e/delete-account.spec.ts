/** Journey: a user deletes their account from /profile, after first changing their mind once. */
import { expectLoginRefused, submitLogin } from './support/accounts';
import { expect, test } from './support/test';

test('un utente elimina il proprio account dal profilo', async ({ page, signIn }) => {
  const account = await signIn('titolare');
  await page.getByRole('link', { name: 'Profilo', exact: true }).click();
  await expect(page).toHaveURL('/profile');

  const deleteButton = page.getByRole('button', { name: 'Elimina Account', exact: true });
  const confirmation = page.getByRole('alertdialog', { name: 'Sei sicuro di voler eliminare il tuo profilo?' });

  // 'Annulla' closes the question and deletes nothing.
  await deleteButton.click();
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByText('Questa azione è irreversibile.')).toBeVisible();
  await confirmation.getByRole('button', { name: 'Annulla', exact: true }).click();
  await expect(confirmation).toBeHidden();
  await expect(page).toHaveURL('/profile');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);

  await deleteButton.click();
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole('button', { name: 'Conferma eliminazione', exact: true }).click();
  await expect(page.getByText('Profilo eliminato con successo!')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(confirmation).toBeHidden();

  // The session is gone with the account, and so are the credentials.
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?next=/profile');
  await submitLogin(page, account.email, account.password);
  await expectLoginRefused(page);
});

/**
 * Journey: the admins' audit log (decision 061). The admin approves a new owner on /verifiche and opens their details
 * on /utenti; /registro-attivita then shows both, about that owner, in Italian words, and filters them by action.
 * Other journeys write entries meanwhile, so every check is about this owner's entries only.
 */
import { DEMO_ACCOUNTS, logIn } from './support/accounts';
import { expectNoViolations } from './support/axe';
import { toasts } from './support/feedback';
import { expect, test } from './support/test';

test("the admin's approval and reading of an owner's details are both in the log, and the log filters by action", async ({
  page,
  createAccount,
}) => {
  // Two axe runs and a few pages.
  test.setTimeout(180_000);
  const owner = await createAccount('titolare', { ownerApproved: false });

  await logIn(page, DEMO_ACCOUNTS.admin);
  await page.goto('/verifiche');
  await expect(page.getByRole('heading', { level: 1, name: 'Verifiche' })).toBeVisible();
  // The queue is oldest first, 20 a page, and other journeys fill it too: the newest request may be on a later page.
  const card = page.getByRole('article').filter({ hasText: owner.email });
  const next = page.getByRole('navigation', { name: 'Paginazione' }).getByRole('button', { name: /Successiva/ });
  await expect(page.getByRole('article').first()).toBeVisible();
  while ((await card.count()) === 0 && (await next.isVisible()) && (await next.isEnabled())) {
    const first = await page.getByRole('article').first().textContent();
    await next.click();
    await expect(page.getByRole('article').first()).not.toHaveText(first ?? '');
  }
  await card.getByRole('button', { name: 'Approva' }).click();
  await expect(toasts(page, "Account approvato: l'utente riceverà una notifica.")).toBeVisible();

  await page.goto('/utenti');
  await page.getByRole('searchbox', { name: 'Cerca utenti' }).fill(owner.email);
  await page.getByRole('button', { name: owner.email, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(owner.telephone).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('link', { name: 'Registro attività' }).click();
  await expect(page).toHaveURL('/registro-attivita');
  await expect(page.getByRole('heading', { level: 1, name: 'Registro attività' })).toBeVisible();

  const filters = page.getByRole('form', { name: 'Filtri del registro' });
  await filters.getByRole('textbox', { name: 'Utente interessato (e-mail o ID)' }).fill(owner.email);
  await filters.getByRole('button', { name: 'Applica filtri' }).click();
  await expect(page).toHaveURL(/target_user=/);
  const table = page.getByRole('table', { name: 'Attività degli amministratori, dalla più recente' });
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows).toHaveCount(2);
  // Newest first: the reading, then the approval, each by the demo admin, about this owner.
  await expect(rows.nth(0)).toContainText('Dati utente consultati');
  await expect(rows.nth(1)).toContainText('Verifica approvata');
  await expect(rows.nth(1)).toContainText('Ruolo: Titolare');
  for (const row of [rows.nth(0), rows.nth(1)]) {
    await expect(row).toContainText(DEMO_ACCOUNTS.admin);
    await expect(row).toContainText(owner.email);
  }
  await expect(page.getByRole('status').filter({ hasText: /voc/ })).toHaveText('2 voci');
  await expectNoViolations(page, '/registro-attivita at 1280 px');

  await filters.getByRole('combobox', { name: 'Azione' }).selectOption({ label: 'Verifica approvata' });
  await filters.getByRole('button', { name: 'Applica filtri' }).click();
  await expect(page).toHaveURL(/action=verification\.verify/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Verifica approvata');

  // The filters live in the address: a reload shows the same view; on a phone each entry is a card.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(filters.getByRole('combobox', { name: 'Azione' })).toHaveValue('verification.verify');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toBeVisible();
  await expectNoViolations(page, '/registro-attivita at 390 px');

  // A day range the wrong way round is refused in the form, in Italian, and the view stays as it was.
  await filters.getByLabel('Dal giorno', { exact: true }).fill('2026-03-10');
  await filters.getByLabel('Al giorno', { exact: true }).fill('2026-03-09');
  await filters.getByRole('button', { name: 'Applica filtri' }).click();
  await expect(filters.getByText('La data finale deve essere uguale o successiva a quella iniziale.')).toBeVisible();
  await expect(page).not.toHaveURL(/from=/);
});

/**
 * Journey: the admin's verification queue (decision 049). The demo's owner waiting for approval is on /verifiche with
 * the registry row beside what they typed and their document; the admin approves, and the offer they wrote while
 * waiting is found in the search.
 */
import type { APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, PASSWORD } from './support/accounts';
import { expectNoViolations } from './support/axe';
import { toasts } from './support/feedback';
import { expect, test } from './support/test';

/** The waiting owner's pharmacy comune and offer, read through the API (setup, not what is under test). */
async function waitingOwner(request: APIRequestContext) {
  const token = await request.post('/api/token/', { data: { username: DEMO_ACCOUNTS.titolareInAttesa, password: PASSWORD } });
  expect(token.status(), await token.text()).toBe(200);
  const headers = { authorization: `Bearer ${((await token.json()) as { access: string }).access}` };
  const details = await (await request.get('/api/user/details/', { headers })).json();
  const offers = (await (await request.get('/api/offers/mine/', { headers })).json()) as { title: string; status: string }[];
  expect(details.verification).toBe('pending');
  expect(offers).toEqual([expect.objectContaining({ status: 'pending_verification' })]);
  return { comune: details.profile.comune_farmacia as string, offer: offers[0]?.title as string };
}

test('the admin approves a waiting owner on /verifiche, and their offer is then found in the search', async ({
  page,
  request,
}) => {
  // Two axe runs and two logins.
  test.setTimeout(180_000);
  const owner = await waitingOwner(request);

  await logIn(page, DEMO_ACCOUNTS.admin);
  await page.getByRole('link', { name: 'Verifiche', exact: true }).click();
  await expect(page).toHaveURL('/verifiche');
  await expect(page.getByRole('heading', { level: 1, name: 'Verifiche' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: DEMO_ACCOUNTS.titolareInAttesa });
  await expect(card).toBeVisible();
  // What the owner typed beside the registry row, and the document.
  const registry = card.getByRole('region', { name: 'Registro del Ministero' });
  await expect(registry.getByText('Codice farmacia')).toBeVisible();
  await expect(card.getByText('Non presente nel registro')).toHaveCount(0);
  await expect(card.getByRole('region', { name: 'Dati inseriti' }).getByText('Elena', { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Elena Marino' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Apri il documento (PDF)' })).toHaveAttribute(
    'href',
    /\/api\/verification-document\//,
  );
  await expectNoViolations(page, '/verifiche at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByRole('button', { name: 'Approva' })).toBeVisible();
  await expectNoViolations(page, '/verifiche at 390 px');

  await card.getByRole('button', { name: 'Approva' }).click();
  await expect(toasts(page, "Account approvato: l'utente riceverà una notifica.")).toBeVisible();
  await expect(card).toHaveCount(0);

  // A pharmacist now finds the offer written while the owner waited.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/logout');
  await logIn(page, DEMO_ACCOUNTS.farmacista);
  await page.goto(`/cerca_offerte?comune=${encodeURIComponent(owner.comune)}`);
  await expect(page.getByRole('heading', { name: owner.offer }).first()).toBeVisible();
});

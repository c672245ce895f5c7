/**
 * Journey: the admin's verification queue (decision 049). The demo's owner waiting for approval is on /verifiche with
 * the registry row beside what they typed and their document; the admin approves, and the offer they wrote while
 * waiting is found in the search. A new owner is told on the dashboard what the admin still needs, and uploads it.
 */
import type { APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, PASSWORD } from './support/accounts';
import { expectNoViolations } from './support/axe';
import { toasts } from './support/feedback';
import { makePdf, writeTestFile } from './support/files';
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

test("a new owner waiting for approval is told on the dashboard that the document is missing, uploads it from the link, and reads the admin's reason when rejected", async ({
  page,
  request,
  signIn,
}, testInfo) => {
  // Four axe runs and a document upload.
  test.setTimeout(180_000);
  const account = await signIn('titolare', { ownerApproved: false });
  const notice = page.getByRole('note');
  await expect(notice).toContainText(
    "Il tuo account è in attesa di verifica: le tue offerte saranno pubblicate dopo l'approvazione",
  );
  await expect(notice).toContainText('Manca il documento per la verifica');
  await expectNoViolations(page, 'dashboard, documento mancante, 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page, 'dashboard, documento mancante, 390 px');

  // The link leads to the profile's upload, which takes the focus.
  await notice.getByRole('link', { name: 'Carica il documento' }).click();
  await expect(page).toHaveURL('/profile#documento-verifica');
  const section = page.getByRole('region', { name: 'Documento per la verifica' });
  await expect(section).toBeFocused();
  await expect(section.getByText('Nessun documento caricato.')).toBeVisible();
  await expect(section.getByText('Nessun file selezionato')).toBeVisible();
  await section
    .getByLabel('File PDF del documento')
    .setInputFiles(writeTestFile(testInfo, 'visura.pdf', await makePdf('Visura camerale')));
  await expect(section.getByText('visura.pdf')).toBeVisible();
  await expectNoViolations(page, '/profile, documento per la verifica, 390 px');
  await section.getByRole('button', { name: 'Carica documento' }).click();
  await expect(toasts(page, "Documento caricato: lo vedrà l'amministratore che verifica il tuo account.")).toBeVisible();
  await expect(section.getByText(/^Documento caricato il \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/)).toBeVisible();

  // Back on the dashboard: uploaded, the admin's turn.
  await page.getByRole('link', { name: /Torna alla Home/ }).click();
  await expect(notice).toContainText(
    /Documento caricato il \d\d\/\d\d\/\d{4} \d\d:\d\d: ora tocca all'amministratore verificarlo\./,
  );
  await expect(notice.getByRole('link', { name: 'Sostituisci il documento' })).toHaveAttribute(
    'href',
    '/profile#documento-verifica',
  );

  // Rejected by the admin: the reason, and the way to correct it.
  await rejectThroughAdmin(request, account.email, 'La visura non è leggibile.');
  await page.reload();
  await expect(notice).toContainText('La verifica del tuo account non è stata superata: le tue offerte non sono pubblicate.');
  await expect(notice).toContainText('Motivo: La visura non è leggibile.');
  await expect(notice.getByRole('link', { name: 'Correggi nel profilo' })).toHaveAttribute('href', '/profile#documento-verifica');
  await expectNoViolations(page, 'dashboard, verifica non superata, 390 px');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoViolations(page, 'dashboard, verifica non superata, 1280 px');
});

/** The demo admin rejects the owner's request with a reason (setup, not what is under test). */
async function rejectThroughAdmin(request: APIRequestContext, email: string, reason: string) {
  const headers = async (username: string) => {
    const login = await request.post('/api/token/', { data: { username, password: PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    return { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  };
  const { id } = (await (await request.get('/api/user/details/', { headers: await headers(email) })).json()) as { id: number };
  const response = await request.post(`/api/admin/verifications/${id}/`, {
    headers: await headers(DEMO_ACCOUNTS.admin),
    data: { decision: 'rejected', reason },
  });
  expect(response.status(), await response.text()).toBe(200);
}

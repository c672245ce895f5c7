/**
 * Reports and suspensions (decision 062): a pharmacist reports a fake offer from its public page, the admin opens
 * /segnalazioni and suspends its owner; the offer leaves the search, its applicant is told, and the owner's open
 * session, in another browser, ends by itself: its live stream closes and the page goes to the login.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support/accounts';
import { apiToken, applyThroughApi, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { makePdf } from './support/files';
import { expect, test } from './support/test';

const PHONE = { width: 390, height: 844 };

test("una farmacista segnala un'offerta falsa, l'amministratore sospende il titolare e la sua sessione finisce", async ({
  browser,
  page,
  request,
  createAccount,
  signIn,
}) => {
  // Four people in three browsers: more than one step's default minute on a busy machine.
  test.setTimeout(240_000);
  const title = `Turno da 90 euro l'ora ${randomUUID().slice(0, 6)}`;
  const owner = await createAccount('titolare');
  const ownerToken = await apiToken(request, owner.email, owner.password);
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title,
    description: 'Paghiamo in anticipo: mandate i vostri dati bancari.',
    salary: '',
    date_from: null,
    date_to: null,
    hourly_pay: 90,
  });
  // Someone who applied before the report: told when the offer closes.
  const applicant = await createAccount('farmacista');
  const applicantToken = await apiToken(request, applicant.email, applicant.password);
  await uploadCvThroughApi(request, applicantToken, await makePdf(`${applicant.name} ${applicant.surname}`));
  await applyThroughApi(request, applicantToken, offerId);

  // The owner is logged in on another device.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await logIn(ownerPage, owner.email, owner.password);
  await ownerPage.goto('/mie_offerte');
  await expect(ownerPage.getByText(title).first()).toBeVisible();

  // A pharmacist, on a phone, reports the offer from its public page.
  await page.setViewportSize(PHONE);
  const reporter = await signIn('farmacista');
  await page.goto(`/offerte/${offerId}`);
  await page.getByRole('button', { name: `Segnala l'offerta ${title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: "Segnala l'offerta" });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('report-dialog-390.png') });
  // Sending without a reason says what is missing.
  await dialog.getByRole('button', { name: 'Invia segnalazione', exact: true }).click();
  await expect(dialog.getByText('Scegli il motivo della segnalazione.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Falsa o ingannevole' }).check();
  await dialog.getByLabel('Dettagli').fill('Chiede i dati bancari prima del turno.');
  await dialog.getByRole('button', { name: 'Invia segnalazione', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Segnalazione inviata. Grazie: la esamineremo al più presto.');
  await dialog.getByRole('button', { name: 'Chiudi', exact: true }).first().click();

  // The admin opens the desk from the navigation and suspends the owner.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await logIn(admin, DEMO_ACCOUNTS.admin);
  await admin.getByRole('link', { name: 'Segnalazioni', exact: true }).click();
  await expect(admin).toHaveURL('/segnalazioni');
  const group = admin.getByRole('article', { name: `Offerta: ${title}` });
  await expect(group).toBeVisible();
  await expect(group.getByText('Chiede i dati bancari prima del turno.')).toBeVisible();
  await expect(group.getByText(`Da ${reporter.email}`)).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('desk-1280.png'), fullPage: true });
  await group.getByRole('button', { name: "Sospendi l'utente", exact: true }).click();
  const resolve = admin.getByRole('dialog');
  await resolve.getByRole('textbox').fill('Offerta ingannevole: chiede dati bancari.');
  await resolve.getByRole('button', { name: "Sospendi l'utente", exact: true }).click();
  await expect(resolve).toBeHidden();
  await expect(group).toBeHidden();

  // The offer has left the search.
  const search = await request.get('/api/offers/', { headers: { authorization: `Bearer ${applicantToken}` } });
  expect(((await search.json()) as { id: number }[]).map((o) => o.id)).not.toContain(offerId);
  await expectClosedPage(page, offerId);

  // Its applicant is told.
  await expect(async () => {
    const bell = await request.get('/api/notifications/', { headers: { authorization: `Bearer ${applicantToken}` } });
    const { results } = (await bell.json()) as { results: { type: string }[] };
    expect(results.map((n) => n.type)).toContain('offer_closed');
  }).toPass({ timeout: 10_000 });

  // The owner's open page ends its session by itself (the live stream is closed and may not reconnect: decision 072),
  // and logging in again says the account is suspended.
  await expect(ownerPage).toHaveURL(/\/login/);
  await ownerPage.getByLabel('Email', { exact: true }).fill(owner.email);
  await ownerPage.getByLabel('Password', { exact: true }).fill(owner.password);
  await ownerPage.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(ownerPage.getByText('Il tuo account è sospeso.', { exact: false }).first()).toBeVisible();

  // The audit log names each of the admin's steps about the owner, newest first: the report resolved, the suspension
  // it made, and the approval of the owner at the start.
  await admin
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('link', { name: 'Registro attività' })
    .click();
  await expect(admin).toHaveURL('/registro-attivita');
  const filters = admin.getByRole('form', { name: 'Filtri del registro' });
  await filters.getByRole('textbox', { name: 'Utente interessato (e-mail o ID)' }).fill(owner.email);
  await filters.getByRole('button', { name: 'Applica filtri' }).click();
  const entries = admin
    .getByRole('table', { name: 'Attività degli amministratori, dalla più recente' })
    .getByRole('rowgroup')
    .nth(1)
    .getByRole('row');
  await expect(entries.first()).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('audit-1280.png'), fullPage: true });
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Segnalazione chiusa');
  await expect(entries.nth(0)).toContainText('Esito: utente sospeso');
  await expect(entries.nth(1)).toContainText('Account sospeso');
  await expect(entries.nth(1)).toContainText('Motivo: Offerta ingannevole: chiede dati bancari.');
  await expect(entries.nth(2)).toContainText('Verifica approvata');
  for (const row of await entries.all()) {
    await expect(row).toContainText(DEMO_ACCOUNTS.admin);
    await expect(row).toContainText(owner.email);
  }

  await ownerContext.close();
  await adminContext.close();
});

async function expectClosedPage(page: Page, offerId: number) {
  await page.goto(`/offerte/${offerId}`);
  await expect(page.getByRole('button', { name: /^Segnala/ })).toHaveCount(0);
}

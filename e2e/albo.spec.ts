/**
 * Journey: the albo check (decision 050). A pharmacist declares their albo entry in the profile and reads that it is
 * being checked; an owner sees which applicants have a verified entry and keeps only those.
 */
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support/accounts';
import { expectNoViolations } from './support/axe';
import { pickSuggestion } from './support/registration';
import { expect, test } from './support/test';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const NO_ALBO_ENTRY = { ordine_provincia: '', data_iscrizione_albo: '', numero_iscrizione_albo: '' };

const alboSection = (page: Page) => page.getByRole('group', { name: "Iscrizione all'albo", exact: true });

test("un farmacista dichiara l'iscrizione all'albo nel profilo e la vede 'In verifica'", async ({ page, signIn }) => {
  // Two saves, a reload and two axe runs of the whole profile page.
  test.setTimeout(120_000);
  await signIn('farmacista', NO_ALBO_ENTRY);
  await page.getByRole('link', { name: 'Profilo', exact: true }).click();
  const section = alboSection(page);
  const status = section.getByRole('status');
  await expect(status).toContainText('Verifica: Non dichiarata');

  // Only the number: kept, and the profile says what the check still needs.
  const number = section.getByRole('textbox', { name: /^Numero di iscrizione all.albo$/ });
  await number.fill('A/4521');
  await page.getByRole('button', { name: 'Aggiorna Profilo', exact: true }).click();
  await expect(page.getByText('Profilo aggiornato correttamente.')).toBeVisible();
  await expect(status).toContainText('Verifica: Da completare');
  await expect(status).toContainText("Manca: Ordine (provincia), data di iscrizione all'albo.");

  await pickSuggestion(page, 'Ordine (provincia)', 'Tori', /^Torino\s*TO$/);
  await section.getByLabel(/^Data di iscrizione all.albo$/).fill('2019-09-16');
  await page.getByRole('button', { name: 'Aggiorna Profilo', exact: true }).click();
  await expect(status).toContainText('Verifica: In verifica');

  await page.reload();
  await expect(alboSection(page).getByRole('combobox', { name: 'Ordine (provincia)', exact: true })).toHaveValue('Torino');
  await expect(alboSection(page).getByRole('status')).toContainText('Verifica: In verifica');
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await alboSection(page).scrollIntoViewIfNeeded();
    await expectNoViolations(page, `/profile, iscrizione all'albo, ${size.width} px`);
  }
});

test("un titolare vede l'iscrizione all'albo verificata dei candidati e tiene solo quelli", async ({ page }) => {
  // The demo's Rome owner: Marta's and Paolo's entries are verified, Sara declared none. Read only.
  await logIn(page, DEMO_ACCOUNTS.titolareRoma);
  await page.goto('/candidature');
  const cards = page.getByRole('article');
  const marta = cards.filter({ has: page.getByRole('heading', { name: 'Marta Russo' }) }).first();
  await expect(marta.getByText("Iscrizione all'albo verificata")).toBeVisible();
  await expect(marta.getByText('Ordine di Roma, n. 21034', { exact: true })).toBeVisible();
  const sara = cards.filter({ has: page.getByRole('heading', { name: 'Sara Conti' }) });
  await expect(sara.first()).toBeVisible();
  await expect(sara.first().getByText("Iscrizione all'albo verificata")).toHaveCount(0);

  const only = page.getByRole('checkbox', { name: "Solo iscrizione all'albo verificata", exact: true });
  // The box follows the address, which changes once the filtered list is asked for: click, then wait for it.
  await only.click();
  await expect(only).toBeChecked();
  await expect(page).toHaveURL(/albo_verified=true/);
  await expect(sara).toHaveCount(0);
  await expect(marta).toBeVisible();
  await page.reload();
  await expect(only).toBeChecked();
  await expect(sara).toHaveCount(0);
  await only.click();
  await expect(only).not.toBeChecked();
  await expect(sara.first()).toBeVisible();
});

/**
 * Journey (decision 066): a pharmacist gives the communication consent in the profile, then downloads 'Scarica i miei
 * dati'; the ZIP that arrives holds their name and the consent's history (registration, then the profile). Screenshots
 * of the section at 390 px and on the desktop land in test-results/screenshots.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expect, test } from './support/test';

const SCREENSHOTS = 'test-results/screenshots';

async function openProfile(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Profilo', exact: true }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profilo Personale' })).toBeVisible();
}

test('un farmacista scarica i suoi dati e vi trova il nome e la storia del consenso', async ({ page, signIn }) => {
  const account = await signIn('farmacista');
  await openProfile(page);

  // The consent given in the profile: the history's second row.
  await page
    .getByRole('checkbox', {
      name: 'Desidero ricevere comunicazioni e offerte personalizzate in base alla regione da me indicata.',
    })
    .check();
  await page.getByRole('button', { name: 'Aggiorna Profilo', exact: true }).click();
  await expect(page.getByText('Profilo aggiornato correttamente.')).toBeVisible();

  const section = page.getByRole('region', { name: 'Scarica i miei dati' });
  await expect(section).toContainText('dati.json');
  const button = section.getByRole('button', { name: 'Scarica i miei dati' });
  await button.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/data-export-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await button.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/data-export-390.png` });

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^farmaponte-dati-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files)).toEqual(['dati.json']);
  const data = JSON.parse(new TextDecoder().decode(files['dati.json']));
  expect(data.account.email).toBe(account.email);
  expect(data.profile).toMatchObject({ name: account.name, surname: account.surname, communicationConsent: true });
  expect(
    data.consents.communication.history.map((event: { source: string; given: boolean }) => `${event.source}:${event.given}`),
  ).toEqual(['registration:false', 'profile:true']);
  await expect(page.getByText('Download avviato: trovi il file nella cartella dei download.')).toBeVisible();
  await expect(button).toBeEnabled();
});

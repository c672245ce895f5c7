/**
 * 'Pubblica più turni' (decision 090) on a phone: an owner fills the template, adds every Saturday of four weeks with
 * the weekly rule, picks one more day with the keyboard, sees the count and publishes them as one series, which he
 * closes at once from 'Le Mie Offerte'; then uploads a CSV with two wrong rows, reads every error, fixes the file and
 * publishes it. Each screen is checked with axe.
 */
import { BULK_MESSAGES } from '@farmaponte/shared/bulk-offers';
import { daysFromNow, formatDate } from '@farmaponte/shared/dates';
import { BULK_TEXT } from '@farmaponte/shared/ui-text-bulk-offers';
import { expectNoViolations } from './support/axe';
import { toasts } from './support/feedback';
import { expect, test } from './support/test';

test.use({ viewport: { width: 390, height: 844 } });

test('un titolare pubblica quattro sabati e un giorno in più dal calendario, poi i turni di un file CSV', async ({
  page,
  signIn,
}) => {
  await signIn('titolare');
  await page.goto('/mie_offerte');
  await page.getByRole('link', { name: BULK_TEXT.myOffersLink }).click();
  await expect(page.getByRole('heading', { level: 1, name: BULK_TEXT.pageTitle })).toBeVisible();

  await page.locator('#titolo').fill('Turno del sabato');
  await page.locator('#descrizione').fill('Banco e dispensazione.');
  await page.locator('#paga').fill('19,50');
  await page.locator('#inizio').fill('09:00');
  await page.locator('#fine').fill('13:00');
  // Every Saturday of the next four weeks: four days.
  await page.getByRole('checkbox', { name: 'sabato' }).check();
  await page.locator('#dal').fill(daysFromNow(1));
  await page.locator('#al').fill(daysFromNow(28));
  await page.getByRole('button', { name: BULK_TEXT.ruleApply }).click();
  await expect(page.locator('#anteprima-turni')).toHaveText(BULK_TEXT.preview(4));

  // One more day with the keyboard: the day in the tab order is today; the right arrow reaches tomorrow.
  const today = page.locator(`button[data-date="${daysFromNow(0)}"]`);
  await today.focus();
  await page.keyboard.press('ArrowRight');
  const tomorrow = page.locator(`button[data-date="${daysFromNow(1)}"]`);
  await expect(tomorrow).toBeFocused();
  const wasPicked = (await tomorrow.getAttribute('aria-pressed')) === 'true';
  await page.keyboard.press('Enter');
  await expect(tomorrow).toHaveAttribute('aria-pressed', wasPicked ? 'false' : 'true');
  const count = wasPicked ? 3 : 5;
  await expect(page.locator('#anteprima-turni')).toHaveText(BULK_TEXT.preview(count));
  await expectNoViolations(page, '/pubblica-turni (calendario)');

  await page.getByRole('button', { name: BULK_TEXT.publish(count) }).click();
  await expect(page).toHaveURL(/\/mie_offerte$/);
  await expect(toasts(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Turno del sabato' })).toHaveCount(count);
  // The series closed at once from any of its cards.
  await page.getByRole('button', { name: BULK_TEXT.seriesClose }).first().click();
  const question = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(question).toContainText(BULK_TEXT.seriesCloseTitle);
  await question.getByRole('button', { name: BULK_TEXT.seriesClose }).click();
  await expect(toasts(page, BULK_MESSAGES.seriesClosed(count))).toBeVisible();
  await expect(page.getByRole('button', { name: BULK_TEXT.seriesClose })).toHaveCount(0);

  await page.goto('/pubblica-turni');
  await page.locator('#modo-csv').click();
  const day = formatDate(daysFromNow(3));
  const wrong = `data;titolo;paga_oraria;descrizione\n${day};Mattina;18;Banco\n31/02/2027;Mattina;18;Banco\n${day};Po;tanti;Banco\n`;
  await page.locator('#csv').setInputFiles({ name: 'turni.csv', mimeType: 'text/csv', buffer: Buffer.from(wrong) });
  await page.getByRole('button', { name: BULK_TEXT.csvCheck }).click();
  const errors = page.locator('#errori-csv');
  await expect(errors.getByRole('heading', { name: BULK_TEXT.csvErrorsTitle(3) })).toBeVisible();
  await expect(errors.getByRole('listitem')).toHaveText([
    /^Riga 3, colonna data: /,
    /^Riga 4, colonna titolo: /,
    /^Riga 4, colonna paga_oraria: /,
  ]);
  await expect(page.getByRole('button', { name: BULK_TEXT.csvPublish })).toBeDisabled();
  await expectNoViolations(page, '/pubblica-turni (CSV con errori)');

  const clean = `data;titolo;paga_oraria;descrizione\n${day};Mattina;18;Banco\n${formatDate(daysFromNow(4))};Mattina;18;Banco\n`;
  await page.locator('#csv').setInputFiles({ name: 'turni.csv', mimeType: 'text/csv', buffer: Buffer.from(clean) });
  await page.getByRole('button', { name: BULK_TEXT.csvCheck }).click();
  await expect(page.getByText(BULK_TEXT.csvClean(2))).toBeVisible();
  await page.getByRole('button', { name: BULK_TEXT.publish(2) }).click();
  await expect(page).toHaveURL(/\/mie_offerte$/);
  await expect(page.getByRole('heading', { name: 'Mattina' })).toHaveCount(2);
});

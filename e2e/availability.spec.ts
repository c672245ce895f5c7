/**
 * Journey: a pharmacist says when she is free, an owner finds her (decision 070). On a phone (390 px) she marks three
 * days on /disponibilita, one of them with the keyboard only (arrows, Enter, Shift+F10 and the parts menu), turns on
 * 'Visibile ai titolari' and saves; a verified owner in her area finds her on /cerca_farmacisti with those days, and a
 * search far away finds nobody. Both pages checked with axe.
 */
import { daysFromNow } from '@farmaponte/shared/dates';
import { AVAILABILITY_TEXT } from '@farmaponte/shared/ui-text-availability';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { toasts } from './support/feedback';
import { expect, test } from './support/test';

/** 'lunedì 7 dicembre': how the calendar names a day. */
function dayWords(iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  const weekday = AVAILABILITY_TEXT.weekdayNames[(date.getUTCDay() + 6) % 7];
  return `${weekday} ${date.getUTCDate()} ${AVAILABILITY_TEXT.monthNames[date.getUTCMonth()]}`;
}

const dayButton = (page: Page, iso: string) => page.getByRole('button', { name: new RegExp(`^${dayWords(iso)}: `) });

/** The month of the day on screen: 'Mese successivo' until the day is there. */
async function showMonthOf(page: Page, iso: string): Promise<void> {
  for (let step = 0; step < 7 && !(await dayButton(page, iso).count()); step++)
    await page.getByRole('button', { name: AVAILABILITY_TEXT.nextMonth }).click();
  await expect(dayButton(page, iso)).toBeVisible();
}

/** '07/12 mattina', as a card lists a day. */
const onCard = (iso: string, part: 'giornata intera' | 'mattina' | 'notte') => `${iso.slice(8, 10)}/${iso.slice(5, 7)} ${part}`;

test('una farmacista segna tre giorni dal telefono (uno da tastiera) e un titolare verificato la trova con quei giorni', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const [wholeDay, morning, night] = [daysFromNow(2), daysFromNow(3), daysFromNow(4)];
  const pharmacist = await signIn('farmacista');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'La mia disponibilità', exact: true }).click();
  await expect(page).toHaveURL('/disponibilita');
  await expect(page.getByRole('heading', { level: 1, name: AVAILABILITY_TEXT.calendarTitle })).toBeVisible();
  await expect(page.getByText(AVAILABILITY_TEXT.notSavedYet)).toBeVisible();

  // A tap marks a whole day; the '⋯' of the next one opens its parts, and 'Mattina' is picked.
  await showMonthOf(page, wholeDay);
  await dayButton(page, wholeDay).click();
  await expect(dayButton(page, wholeDay)).toHaveAccessibleName(`${dayWords(wholeDay)}: giornata intera`);
  await showMonthOf(page, morning);
  await page.getByRole('button', { name: new RegExp(`^Parti del giorno, ${dayWords(morning)}: `) }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Mattina' }).click();
  await page.keyboard.press('Escape');
  await expect(dayButton(page, morning)).toHaveAccessibleName(`${dayWords(morning)}: mattina`);
  await expect(dayButton(page, morning)).toBeFocused();

  // The third with the keyboard only: the arrow to the next day, Enter, then Shift+F10 and 'Notte' from its menu.
  await page.keyboard.press('ArrowRight');
  await expect(dayButton(page, night)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dayButton(page, night)).toHaveAccessibleName(`${dayWords(night)}: giornata intera`);
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu', { name: dayWords(night) })).toBeVisible();
  await page.keyboard.type('Not');
  await expect(page.getByRole('menuitemcheckbox', { name: 'Notte' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(dayButton(page, night)).toHaveAccessibleName(`${dayWords(night)}: notte`);
  await expect(page.getByText(AVAILABILITY_TEXT.daysCount(3))).toBeVisible();

  // From her profile's comune, visible to owners; the phone shows the page without sideways scrolling.
  await expect(page.getByRole('combobox', { name: AVAILABILITY_TEXT.comuneLabel })).toHaveValue('Milano');
  await page.getByRole('switch', { name: AVAILABILITY_TEXT.visibleLabel }).click();
  await expect(page.getByRole('switch', { name: AVAILABILITY_TEXT.visibleLabel })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousViolations(page, '/disponibilita, 390 px');
  await page.getByRole('button', { name: AVAILABILITY_TEXT.save, exact: true }).click();
  await expect(toasts(page).filter({ hasText: 'Disponibilità salvata.' })).toBeVisible();

  // Saved as marked: read again after a reload.
  await page.reload();
  await showMonthOf(page, night);
  await expect(dayButton(page, night)).toHaveAccessibleName(`${dayWords(night)}: notte`);
  await expect(page.getByText(AVAILABILITY_TEXT.notSavedYet)).toHaveCount(0);

  // A verified owner whose pharmacy is in Milano finds her, with her three days and nothing private.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/logout');
  await signIn('titolare', { comune_farmacia: 'Milano', indirizzo_farmacia: 'Via Dante 3, Milano' });
  await page.getByRole('button', { name: 'Cerca Farmacisti', exact: true }).click();
  await expect(page).toHaveURL('/cerca_farmacisti');
  const card = page.getByRole('article', { name: `${pharmacist.name} ${pharmacist.surname}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText([
    onCard(wholeDay, 'giornata intera'),
    onCard(morning, 'mattina'),
    onCard(night, 'notte'),
  ]);
  await expect(card).toContainText('Milano (MI)');
  await expect(card).not.toContainText(pharmacist.telephone);
  await expect(page.getByRole('region', { name: AVAILABILITY_TEXT.mapLabel })).toBeVisible();
  await expectNoSeriousViolations(page, '/cerca_farmacisti, 1280 px');

  // Far away (Lampedusa, within 5 km): nobody, and the hint to widen the search; the filters live in the URL.
  await page.getByRole('combobox', { name: AVAILABILITY_TEXT.nearLabel }).fill('Lampedusa e Linosa');
  await page.getByRole('option', { name: /Lampedusa e Linosa/ }).click();
  await page.getByRole('combobox', { name: AVAILABILITY_TEXT.radiusFilterLabel }).selectOption('5');
  await page.getByRole('button', { name: AVAILABILITY_TEXT.apply, exact: true }).click();
  await expect(page).toHaveURL(/near=Lampedusa\+e\+Linosa&radius_km=5/);
  await expect(page.getByText(AVAILABILITY_TEXT.searchEmptyTitle)).toBeVisible();
  await expect(page.getByText(AVAILABILITY_TEXT.searchEmptyHint)).toBeVisible();
});

/**
 * Journey: drafts are not thrown away. Leaving the offer dialog, the description dialog or the profile with changes
 * not saved asks first ('Vuoi uscire senza salvare?'); without changes, they close (or leave) straight away.
 */
import type { Locator, Page } from '@playwright/test';
import { uniquePhone } from './support/accounts';
import { watchNativeDialogs } from './support/feedback';
import { expect, test } from './support/test';

const discardQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Vuoi uscire senza salvare?' });
const keepEditing = (page: Page) => discardQuestion(page).getByRole('button', { name: 'Continua a modificare', exact: true });
const discard = (page: Page) => discardQuestion(page).getByRole('button', { name: 'Esci senza salvare', exact: true });

test.describe('finestre con modifiche non salvate', () => {
  test("l'offerta: Esc e 'Chiudi' chiedono prima di buttare la bozza; senza modifiche si chiude subito", async ({
    page,
    signIn,
  }) => {
    // The question is the page's own, never a browser dialog.
    const nativeDialogs = watchNativeDialogs(page);
    await signIn('titolare');
    const createButton = page.getByRole('button', { name: 'Crea Offerta', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Crea una Nuova Offerta' });
    const title = dialog.getByRole('textbox', { name: 'Titolo Offerta', exact: true });

    // Nothing typed: Escape closes it at once.
    await createButton.click();
    await expect(title).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(discardQuestion(page)).toHaveCount(0);

    // A draft: Escape asks; staying keeps the draft.
    await createButton.click();
    await title.fill('Turno del sabato mattina');
    await page.keyboard.press('Escape');
    await expect(discardQuestion(page)).toBeVisible();
    await expect(keepEditing(page)).toBeFocused();
    await keepEditing(page).click();
    await expect(discardQuestion(page)).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(title).toHaveValue('Turno del sabato mattina');

    // Escape on the question means "stay" too, once the question is there as a person sees it: focused, and done
    // appearing. On a busy machine a key sent in the very frame the question mounts can still reach the dialog below
    // (which only asks again); a person, or this test, then presses Escape once more.
    await page.keyboard.press('Escape');
    await expect(discardQuestion(page)).toBeVisible();
    await expect(keepEditing(page)).toBeFocused();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await expect(async () => {
      if (await discardQuestion(page).isVisible()) await page.keyboard.press('Escape');
      await expect(discardQuestion(page)).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(title).toHaveValue('Turno del sabato mattina');

    // 'Chiudi' asks as well; leaving without saving closes both and the next opening is empty.
    await dialog.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await expect(discardQuestion(page)).toBeVisible();
    await discard(page).click();
    await expect(discardQuestion(page)).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(createButton).toBeFocused();
    await createButton.click();
    await expect(title).toHaveValue('');
    expect(nativeDialogs).toEqual([]);
  });

  test('la descrizione: una modifica non salvata chiede prima di chiudere; una salvata no', async ({ page, signIn }) => {
    // The question is the page's own, never a browser dialog.
    const nativeDialogs = watchNativeDialogs(page);
    await signIn('farmacista');
    const dialog = page.getByRole('dialog', { name: 'Aggiorna la tua descrizione' });
    const field = dialog.getByRole('textbox', { name: 'Descrizione personale:' });
    const open = async () => {
      await page.getByRole('button', { name: 'Modifica Descrizione', exact: true }).click();
      await expect(field).toBeEditable();
    };

    await open();
    await dialog.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(discardQuestion(page)).toHaveCount(0);

    await open();
    await field.fill('Disponibile per turni notturni.');
    await page.keyboard.press('Escape');
    await expect(discardQuestion(page)).toBeVisible();
    await discard(page).click();
    await expect(dialog).toBeHidden();
    await open();
    await expect(field).toHaveValue('');

    // Saved: it closes by itself, nothing is asked.
    await field.fill('Disponibile per turni notturni.');
    await dialog.getByRole('button', { name: 'Aggiorna', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(discardQuestion(page)).toHaveCount(0);
    expect(nativeDialogs).toEqual([]);
  });
});

test.describe('profilo con modifiche non salvate', () => {
  async function openProfile(page: Page): Promise<Locator> {
    await page.getByRole('link', { name: 'Profilo', exact: true }).click();
    await expect(page).toHaveURL('/profile');
    const phone = page.getByRole('textbox', { name: 'Telefono', exact: true });
    await expect(phone).toBeEditable();
    return phone;
  }
  const backHome = (page: Page) => page.getByRole('link', { name: /Torna alla Home/ });

  test('uscire dal profilo con modifiche chiede prima; senza modifiche, o dopo il salvataggio, si esce subito', async ({
    page,
    signIn,
  }) => {
    // The question is the page's own, never a browser dialog.
    const nativeDialogs = watchNativeDialogs(page);
    const account = await signIn('titolare');

    // Untouched: straight home.
    await openProfile(page);
    await backHome(page).click();
    await expect(page).toHaveURL('/');

    // Changed: 'Torna alla Home' asks; staying keeps the change on the page.
    const phone = await openProfile(page);
    const newPhone = uniquePhone();
    await phone.fill(newPhone);
    await backHome(page).click();
    await expect(discardQuestion(page)).toBeVisible();
    await keepEditing(page).click();
    await expect(page).toHaveURL('/profile');
    await expect(phone).toHaveValue(newPhone);

    // The browser's back button asks too; leaving without saving drops the change.
    await page.goBack();
    await expect(discardQuestion(page)).toBeVisible();
    await discard(page).click();
    await expect(page).toHaveURL('/');
    await openProfile(page);
    await expect(phone).toHaveValue(account.telephone);

    // Saved, then leaving: nothing to ask.
    await phone.fill(newPhone);
    await page.getByRole('button', { name: 'Aggiorna Profilo', exact: true }).click();
    await expect(page.getByText('Profilo aggiornato correttamente.')).toBeVisible();
    await backHome(page).click();
    await expect(page).toHaveURL('/');
    await expect(discardQuestion(page)).toHaveCount(0);
    expect(nativeDialogs).toEqual([]);
  });

  test('il Logout con modifiche non salvate esce senza chiedere: non resta niente da salvare', async ({ page, signIn }) => {
    // The question is the page's own, never a browser dialog.
    const nativeDialogs = watchNativeDialogs(page);
    await signIn('farmacista');
    const phone = await openProfile(page);
    await phone.fill(uniquePhone());
    await page.getByRole('banner').getByRole('link', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await expect(discardQuestion(page)).toHaveCount(0);
    expect(nativeDialogs).toEqual([]);
  });
});

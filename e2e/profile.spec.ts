/**
 * Journey: a user edits their profile on /profile and their personal description through 'Modifica Descrizione'; a
 * pharmacist uploads the CV from the profile too.
 */
import type { Page } from '@playwright/test';
import { uniquePhone } from './support/accounts';
import { expectFieldError, expectToastsUnderTheHeader, toasts } from './support/feedback';
import { makePdf, writeTestFile } from './support/files';
import { expect, test } from './support/test';

function textbox(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

async function openProfile(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Profilo', exact: true }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profilo Personale' })).toBeVisible();
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Aggiorna Profilo', exact: true });

test.describe('profilo personale', () => {
  test('un farmacista aggiorna telefono e titolo di studio, e li ritrova dopo il ricaricamento', async ({ page, signIn }) => {
    const account = await signIn('farmacista');
    await openProfile(page);
    await expect(textbox(page, 'Telefono')).toHaveValue(account.telephone);

    const phone = uniquePhone();
    await textbox(page, 'Telefono').fill(phone);
    await textbox(page, 'Titolo di studio').fill('Dottorato in Chimica farmaceutica');
    await saveButton(page).click();
    await expect(page.getByText('Profilo aggiornato correttamente.')).toBeVisible();

    await page.reload();
    await expect(textbox(page, 'Telefono')).toHaveValue(phone);
    await expect(textbox(page, 'Titolo di studio')).toHaveValue('Dottorato in Chimica farmaceutica');
  });

  test("l'email di un farmacista non è modificabile, la sua iscrizione all'albo sì", async ({ page, signIn }) => {
    const account = await signIn('farmacista');
    await openProfile(page);

    const email = textbox(page, 'Email');
    await expect(email).toHaveValue(account.email);
    await expect(email).not.toBeEditable();
    const albo = page.getByRole('textbox', { name: /^Numero di iscrizione all.albo$/ });
    await expect(albo).toHaveValue(account.numero_iscrizione_albo);
    // A change asks for a new check (decision 050): the albo entry stays editable.
    await expect(albo).toBeEditable();
    // The pharmacist-only consent is there; the owner's pharmacy fields are not.
    await expect(
      page.getByRole('checkbox', {
        name: 'Desidero ricevere comunicazioni e offerte personalizzate in base alla regione da me indicata.',
      }),
    ).toBeVisible();
    await expect(textbox(page, 'Denominazione della farmacia')).toHaveCount(0);
    // What can be edited still can.
    await expect(textbox(page, 'Telefono')).toBeEditable();
  });

  test('un titolare non ancora verificato aggiorna i suoi dati e può ancora correggere la farmacia', async ({ page, signIn }) => {
    const account = await signIn('titolare', { ownerApproved: false });
    await openProfile(page);

    await expect(textbox(page, 'Email')).not.toBeEditable();
    // Registered by hand and waiting for an admin: the pharmacy is still the owner's to correct (decision 048).
    const pharmacyName = textbox(page, 'Denominazione della farmacia');
    await expect(pharmacyName).toHaveValue(account.denominazione_farmacia);
    await expect(pharmacyName).toBeEditable();
    await expect(textbox(page, 'Indirizzo della farmacia')).toHaveValue(account.indirizzo_farmacia);
    await expect(page.getByRole('textbox', { name: /^Numero di iscrizione all.albo$/ })).toHaveCount(0);

    const phone = uniquePhone();
    // Typed as people write them: the shared schema keeps the digits, in the browser and on the server alike.
    await textbox(page, 'Telefono').fill(`${phone.slice(0, 3)} ${phone.slice(3, 6)}-${phone.slice(6)}`);
    await textbox(page, 'Partita IVA').fill('IT 0123456.7897');
    await saveButton(page).click();
    await expect(page.getByText('Profilo aggiornato correttamente.')).toBeVisible();

    await page.reload();
    await expect(textbox(page, 'Telefono')).toHaveValue(phone);
    await expect(textbox(page, 'Partita IVA')).toHaveValue('01234567897');
    await expect(pharmacyName).toHaveValue(account.denominazione_farmacia);
  });

  test('un farmacista senza CV lo carica dal profilo, con la stessa finestra della home', async ({ page, signIn }, testInfo) => {
    await signIn('farmacista');
    await openProfile(page);
    const section = page.getByRole('region', { name: 'Il tuo CV' });
    await expect(section.getByText('Non hai ancora caricato un CV: ti serve per candidarti alle offerte.')).toBeVisible();

    await section.getByRole('button', { name: 'Aggiorna CV', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Carica il tuo CV' });
    await expect(dialog.getByText('Non hai ancora caricato un CV.')).toBeVisible();
    await dialog.getByLabel('File del CV (PDF)').setInputFiles(writeTestFile(testInfo, 'cv.pdf', await makePdf('Curriculum')));
    await dialog.getByRole('button', { name: 'Carica CV', exact: true }).click();
    await expect(dialog.getByRole('link', { name: /^Scarica il tuo CV/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(section.getByText('Il tuo CV è caricato: i titolari a cui ti candidi lo ricevono.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Aggiorna CV', exact: true })).toBeFocused();
  });

  test('un telefono non valido viene rifiutato, segnato sul campo, e non viene salvato', async ({ page, signIn }) => {
    const account = await signIn('farmacista');
    await openProfile(page);

    await textbox(page, 'Telefono').fill('12345');
    await saveButton(page).click();
    await expect(toasts(page, 'Inserisci un numero di telefono valido.')).toBeVisible();
    await expectToastsUnderTheHeader(page);
    // The same field components as the registration: the field itself says what is wrong.
    await expectFieldError(textbox(page, 'Telefono'), 'Inserisci un numero di telefono valido.');
    await expect(page.getByText('Profilo aggiornato correttamente.')).toHaveCount(0);

    await page.reload();
    await expect(textbox(page, 'Telefono')).toHaveValue(account.telephone);
  });
});

test.describe('descrizione personale', () => {
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Aggiorna la tua descrizione' });
  const descriptionField = (page: Page) => dialog(page).getByRole('textbox', { name: 'Descrizione personale:' });

  async function openDescription(page: Page): Promise<void> {
    const button = page.getByRole('button', { name: 'Modifica Descrizione', exact: true });
    await expect(button).toBeVisible();
    await button.click();
    await expect(dialog(page)).toBeVisible();
    await expect(descriptionField(page)).toBeEditable();
  }

  test('la descrizione si aggiorna e si ritrova riaprendo la finestra', async ({ page, signIn }) => {
    await signIn('farmacista');
    const text = 'Farmacista con cinque anni di esperienza in farmacia territoriale, disponibile nei weekend.';

    await openDescription(page);
    await expect(descriptionField(page)).toHaveValue('');
    await expect(descriptionField(page)).toHaveAttribute('placeholder', 'Scrivi qualcosa su di te...');
    await descriptionField(page).fill(text);
    await dialog(page).getByRole('button', { name: 'Aggiorna', exact: true }).click();
    await expect(page.getByText('Descrizione aggiornata con successo!')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByText(text, { exact: true })).toBeVisible();

    await openDescription(page);
    await expect(descriptionField(page)).toHaveValue(text);

    // Still there in a new visit, loaded from the server.
    await page.reload();
    await openDescription(page);
    await expect(descriptionField(page)).toHaveValue(text);
  });

  test('una descrizione vuota viene rifiutata e quella salvata resta', async ({ page, signIn }) => {
    await signIn('titolare');
    const text = 'Farmacia di quartiere, cerchiamo collaboratori per i turni del sabato.';

    await openDescription(page);
    await descriptionField(page).fill(text);
    await dialog(page).getByRole('button', { name: 'Aggiorna', exact: true }).click();
    await expect(dialog(page)).toBeHidden();

    await openDescription(page);
    await descriptionField(page).fill('   ');
    await dialog(page).getByRole('button', { name: 'Aggiorna', exact: true }).click();
    await expect(page.getByText('La descrizione non può essere vuota.')).toBeVisible();
    await expect(dialog(page)).toBeVisible();

    await page.reload();
    await openDescription(page);
    await expect(descriptionField(page)).toHaveValue(text);
  });
});

/**
 * Organisations (decision 089), as their people meet them: a titolare fills the data for invoices, adds a second
 * pharmacy from the registry (it waits for the admin, with its document) and sets a pharmacy's defaults; invites a
 * responsabile for two of three pharmacies, who accepts the mailed link on a phone with a new account, finds only
 * those two in 'Farmacia', and meets a page for one pharmacy with the whole group chosen; a consultazione reads and
 * has no way to write; a titolare removes a person after a confirmation. Each page is checked with axe at 1280 and 390 px.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { approveThroughAdmin, startSession, uniqueEmail, uniqueVatNumber } from './support/accounts';
import { apiToken } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { toasts } from './support/feedback';
import { makePdf, writeTestFile } from './support/files';
import { mailContaining } from './support/mail';
import { pickPharmacy, registryPharmacy } from './support/registration';
import { checkBothSizes, DESKTOP, PHONE, shot } from './support/screens';
import { expect, test } from './support/test';

const STAFF_PASSWORD = 'Staff-Farmaponte-2026';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Pharmacies typed by hand, added to the owner's organisation and approved by the admin (setup). */
async function addPharmaciesThroughApi(request: APIRequestContext, token: string, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const response = await request.post('/api/organisation/pharmacies/', {
      headers: bearer(token),
      data: {
        denominazione_farmacia: name,
        indirizzo_farmacia: 'Via Garibaldi 4',
        comune_farmacia: 'Torino',
        partita_iva: uniqueVatNumber(),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    await approveThroughAdmin(request, id);
    ids.push(id);
  }
  return ids;
}

/** The link of the newest staff invitation mailed to the address. */
async function invitationLinkFor(email: string): Promise<string> {
  const mail = await mailContaining(email, '/invito-staff?token=');
  const link = mail.match(/https?:\/\/\S+\/invito-staff\?token=[A-Za-z0-9_%-]+/)?.[0];
  if (!link) throw new Error(`no staff invitation in the mail to ${email}`);
  return link;
}

/** A person invited through the API and joined with a new account through the link's API (setup). */
async function staffThroughApi(
  request: APIRequestContext,
  ownerToken: string,
  role: 'responsabile' | 'consultazione',
  pharmacyIds: number[],
): Promise<string> {
  const email = uniqueEmail(role);
  const invited = await request.post('/api/organisation/invitations/', {
    headers: bearer(ownerToken),
    data: { email, role, pharmacy_ids: pharmacyIds },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(await invitationLinkFor(email)).searchParams.get('token');
  const accepted = await request.post('/api/organisation/invitations/accept/', {
    data: { token, name: 'Paola', surname: 'Ricci', password: STAFF_PASSWORD, privacyPolicyConsent: true },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return email;
}

async function pageAs(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const page = await context.newPage();
  await startSession(page, email, password);
  return page;
}

test('a titolare fills the data for invoices, adds a registry pharmacy that waits with its document, and sets its defaults', async ({
  page,
  signIn,
}, testInfo) => {
  test.setTimeout(240_000);
  const owner = await signIn('titolare');
  // A single pharmacy: nothing new in the header but the way to the organisation.
  await expect(page.getByRole('combobox', { name: 'Farmacia', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Organizzazione', exact: true }).click();
  await expect(page).toHaveURL('/organizzazione');
  await expect(page.getByRole('heading', { level: 1, name: 'La tua organizzazione' })).toBeVisible();
  await expect(page.getByText('Il tuo ruolo:')).toBeVisible();
  const own = page.getByRole('article', { name: owner.denominazione_farmacia });
  await expect(own.getByText('Verificata')).toBeVisible();

  // The data for invoices: a wrong SDI code is said on its field, then saved.
  const invoicing = page.getByRole('region', { name: 'Dati per la fatturazione' });
  await invoicing.getByLabel('Ragione sociale').fill(`Farmacie Ferri srl ${owner.surname}`);
  await invoicing.getByLabel('Codice destinatario SDI').fill('abc');
  await invoicing.getByRole('button', { name: 'Salva dati' }).click();
  const sdi = invoicing.getByLabel('Codice destinatario SDI');
  await expect(sdi).toHaveAttribute('aria-invalid', 'true');
  await expect(sdi).toHaveAccessibleDescription(/Il codice destinatario SDI ha 7 caratteri/);
  await sdi.fill('M5UXCR1');
  await invoicing.getByLabel('PEC').fill('ferri@pec.it');
  await invoicing.getByRole('button', { name: 'Salva dati' }).click();
  await expect(toasts(page, 'Dati dell’organizzazione salvati.')).toBeVisible();
  await checkBothSizes(page, 'organizzazione');

  // A second pharmacy, found in the registry by its code, with its VAT number.
  const second = registryPharmacy(57);
  await page.getByRole('button', { name: 'Aggiungi una farmacia' }).click();
  const adding = page.getByRole('region', { name: 'Aggiungi una farmacia' });
  await pickPharmacy(page, second);
  await adding.getByLabel('Partita IVA della farmacia').fill(second.partita_iva);
  await expectNoViolations(page, '/organizzazione, aggiungi una farmacia');
  await adding.getByRole('button', { name: 'Aggiungi farmacia' }).click();
  await expect(toasts(page, 'Farmacia aggiunta')).toBeVisible();
  const added = page.getByRole('article', { name: second.denominazione_farmacia });
  await expect(added).toBeFocused();
  await expect(added.getByText('In attesa di verifica')).toBeVisible();
  // Its document for the admin, sent for that pharmacy.
  await added
    .getByLabel(`File PDF del documento – ${second.denominazione_farmacia}`)
    .setInputFiles(writeTestFile(testInfo, 'visura.pdf', await makePdf('Visura camerale')));
  await added.getByRole('button', { name: 'Carica documento' }).click();
  await expect(toasts(page, "Documento caricato: lo vedrà l'amministratore")).toBeVisible();
  await checkBothSizes(page, 'organizzazione-due-farmacie');

  // Two pharmacies: 'Farmacia' in the header, the own one acted for.
  const switcher = page.getByRole('combobox', { name: 'Farmacia', exact: true });
  await expect(switcher).toBeVisible();
  await expect(switcher.locator('option:checked')).toHaveText(new RegExp(owner.denominazione_farmacia));
  await expect(switcher.getByRole('option')).toHaveText([
    new RegExp(owner.denominazione_farmacia),
    new RegExp(second.denominazione_farmacia),
    'Tutte le farmacie',
  ]);

  // The own pharmacy's defaults.
  await own.getByRole('link', { name: `Impostazioni di ${owner.denominazione_farmacia}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Impostazioni di ${owner.denominazione_farmacia}` })).toBeVisible();
  await page.getByLabel('Dalle ore', { exact: true }).fill('14:00');
  await page.getByLabel('Alle ore', { exact: true }).fill('09:00');
  await page.getByLabel('Paga oraria (€/ora)', { exact: true }).fill('22,50');
  await page.getByLabel('Posti', { exact: true }).fill('2');
  await page.getByLabel('Nota per il farmacista', { exact: true }).fill('Parcheggio nel cortile; gestionale Wingesfar.');
  await page.getByRole('button', { name: 'Salva impostazioni' }).click();
  const end = page.getByLabel('Alle ore', { exact: true });
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await end.fill('19:30');
  await page.getByRole('radio', { name: /Solo le persone scelte/ }).check();
  await expect(page.getByRole('checkbox', { name: new RegExp(`${owner.name} ${owner.surname}`) })).toBeVisible();
  await page.getByRole('checkbox', { name: new RegExp(`${owner.name} ${owner.surname}`) }).check();
  await page.getByRole('button', { name: 'Salva impostazioni' }).click();
  await expect(toasts(page, 'Impostazioni della farmacia salvate.')).toBeVisible();
  await checkBothSizes(page, 'impostazioni-farmacia');

  // A new offer starts from them; the description is the note.
  await page.goto('/mie_offerte');
  await page.getByRole('button', { name: 'Crea Offerta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crea una Nuova Offerta' });
  await expect(dialog.getByLabel('Paga oraria (€/ora)', { exact: true })).toHaveValue('22.5');
  await expect(dialog.getByLabel('Dalle ore', { exact: true })).toHaveValue('14:00');
  await expect(dialog.getByLabel('Alle ore', { exact: true })).toHaveValue('19:30');
  await expect(dialog.getByLabel('Posti disponibili', { exact: true })).toHaveValue('2');
  await expect(dialog.getByLabel('Descrizione', { exact: true })).toHaveValue('Parcheggio nel cortile; gestionale Wingesfar.');
});

test('an invited responsabile accepts on a phone with a new account and acts only for the pharmacies given', async ({
  page,
  browser,
  request,
  signIn,
}) => {
  test.setTimeout(240_000);
  const owner = await signIn('titolare');
  const ownerToken = await apiToken(request, owner.email);
  const [borgo, stazione] = [`Farmacia del Borgo ${owner.surname}`, `Farmacia della Stazione ${owner.surname}`];
  const [borgoId] = await addPharmaciesThroughApi(request, ownerToken, [borgo, stazione]);

  await page.goto('/organizzazione');
  await page.getByRole('link', { name: 'Persone e ruoli' }).click();
  await expect(page).toHaveURL('/organizzazione/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Persone e ruoli' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Staff' });
  await expect(members.getByRole('row', { name: new RegExp(owner.surname) })).toContainText('Tu');

  // The invitation: the pharmacies are asked for a responsabile, then given.
  const email = uniqueEmail('responsabile');
  const invite = page.getByRole('region', { name: 'Invita una persona' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByRole('radio', { name: /^Responsabile/ }).check();
  await invite.getByRole('button', { name: 'Invia invito' }).click();
  await expect(invite.getByText('Scegli almeno una farmacia per un responsabile o per la consultazione.')).toBeVisible();
  await invite.getByRole('checkbox', { name: new RegExp(owner.denominazione_farmacia) }).check();
  await invite.getByRole('checkbox', { name: new RegExp(borgo) }).check();
  await invite.getByRole('button', { name: 'Invia invito' }).click();
  await expect(toasts(page, `Invito inviato a ${email}.`)).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Inviti in attesa' });
  await expect(waiting.getByText(email)).toBeVisible();
  await expect(waiting.getByRole('button', { name: `Annulla l'invito a ${email}` })).toBeVisible();
  await checkBothSizes(page, 'staff');

  // The link of the mail, opened on a phone with no session.
  const phone = await browser.newContext({ viewport: PHONE, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const invited = await phone.newPage();
  await invited.goto(await invitationLinkFor(email));
  await expect(invited.getByRole('heading', { level: 1, name: 'Invito nello staff' })).toBeVisible();
  await expect(invited.getByText('Responsabile', { exact: true })).toBeVisible();
  await expect(invited.getByText(`${borgo}`, { exact: false })).toBeVisible();
  await expect(invited.getByText(stazione)).toHaveCount(0);
  await expectNoViolations(invited, '/invito-staff at 390 px');
  await shot(invited, 'invito-staff-390');
  await invited.getByLabel('Nome', { exact: true }).fill('Laura');
  await invited.getByLabel('Cognome', { exact: true }).fill('Neri');
  await invited.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await invited.getByLabel('Conferma password', { exact: true }).fill(`${STAFF_PASSWORD}x`);
  await invited.getByRole('button', { name: 'Crea account e accetta' }).click();
  await expect(invited.getByLabel('Conferma password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await invited.getByLabel('Conferma password', { exact: true }).fill(STAFF_PASSWORD);
  await invited.getByRole('checkbox', { name: /Ho letto e accetto i Termini e Condizioni d.uso/ }).check();
  await invited.getByRole('button', { name: 'Crea account e accetta' }).click();
  await expect(invited).toHaveURL('/');
  await expect(toasts(invited, 'Benvenuto nello staff di')).toBeVisible();

  // 'Farmacia' is in the phone's menu: the two pharmacies given, not the third.
  await invited.getByRole('button', { name: 'Menu' }).click();
  const switcher = invited.getByRole('combobox', { name: 'Farmacia', exact: true });
  await expect(switcher.getByRole('option')).toHaveText([
    new RegExp(owner.denominazione_farmacia),
    new RegExp(borgo),
    'Tutte le farmacie',
  ]);
  await shot(invited, 'menu-farmacia-390');
  await switcher.selectOption(String(borgoId));
  await invited.getByRole('link', { name: 'Organizzazione', exact: true }).click();
  await expect(invited.getByRole('article')).toHaveCount(2);
  await expect(invited.getByRole('button', { name: 'Aggiungi una farmacia' })).toHaveCount(0);
  await expect(invited.getByText('Solo un titolare può cambiare questi dati.')).toBeVisible();
  await expectNoViolations(invited, '/organizzazione, responsabile, 390 px');

  // The whole group on a page for one pharmacy: it asks which.
  await invited.getByRole('button', { name: 'Menu' }).click();
  await switcher.selectOption('tutte');
  await invited.goto('/miei_turni');
  await expect(invited.getByRole('heading', { level: 1, name: 'Scegli una farmacia' })).toBeVisible();
  await expectNoViolations(invited, 'una farmacia alla volta, 390 px');
  await shot(invited, 'scegli-farmacia-390');
  await invited.getByRole('button', { name: `Agisci per ${borgo} (Torino)` }).click();
  await expect(invited.getByRole('heading', { level: 1, name: 'Scegli una farmacia' })).toHaveCount(0);
  await phone.close();

  // The titolare's list now has her, a responsabile of those two.
  await page.reload();
  const row = page.getByRole('table', { name: 'Staff' }).getByRole('row', { name: /Laura Neri/ });
  await expect(row).toContainText('Responsabile');
  await expect(row).toContainText(borgo);
  await expect(page.getByRole('region', { name: 'Inviti in attesa' }).getByText('Nessun invito in attesa.')).toBeVisible();
});

test('a consultazione reads and finds no way to write; the titolare removes them after a confirmation', async ({
  page,
  browser,
  request,
  signIn,
}) => {
  test.setTimeout(180_000);
  const owner = await signIn('titolare');
  const ownerToken = await apiToken(request, owner.email);
  const details = await request.get('/api/user/details/', { headers: bearer(ownerToken) });
  const ownId = ((await details.json()) as { id: number }).id;
  const email = await staffThroughApi(request, ownerToken, 'consultazione', [ownId]);

  const reader = await pageAs(browser, email, STAFF_PASSWORD);
  await reader.goto('/organizzazione');
  const own = reader.getByRole('article', { name: owner.denominazione_farmacia });
  await expect(own.getByText('Sola consultazione')).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Salva dati' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Aggiungi una farmacia' })).toHaveCount(0);
  await expect(reader.getByRole('link', { name: 'Persone e ruoli' })).toHaveCount(0);
  // Home, the organisation known: no 'Crea Offerta', which the server would refuse.
  await reader.getByRole('link', { name: 'Torna alla Home' }).click();
  await expect(reader.getByRole('button', { name: 'Le Mie Offerte' })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Crea Offerta' })).toHaveCount(0);
  await reader.getByRole('button', { name: 'Le Mie Offerte' }).click();
  await expect(reader.getByText('Nessuna offerta trovata.')).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Crea Offerta' })).toHaveCount(0);
  await reader.goto('/organizzazione');
  await own.getByRole('link', { name: `Impostazioni di ${owner.denominazione_farmacia}` }).click();
  await expect(reader.getByText('Il tuo ruolo è di sola consultazione')).toBeVisible();
  await expect(reader.getByLabel('Paga oraria (€/ora)', { exact: true })).toBeDisabled();
  await expect(reader.getByRole('button', { name: 'Salva impostazioni' })).toHaveCount(0);
  await checkBothSizes(reader, 'impostazioni-consultazione');
  await reader.goto('/organizzazione/staff');
  await expect(reader.getByText("Solo un titolare dell'organizzazione vede e cambia le persone dello staff.")).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Invia invito' })).toHaveCount(0);

  // The titolare removes them: asked first, the row goes.
  await page.goto('/organizzazione/staff');
  await page.getByRole('button', { name: 'Rimuovi Paola Ricci' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Rimuovere Paola Ricci dallo staff?' });
  await expect(confirm.getByRole('button', { name: 'Annulla' })).toBeFocused();
  await expectNoViolations(page, '/organizzazione/staff, rimuovi');
  await confirm.getByRole('button', { name: 'Rimuovi' }).click();
  await expect(toasts(page, 'Persona rimossa: le sue sessioni sono state chiuse.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Paola Ricci/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeFocused();

  // Their session has ended: the next page asks them to log in.
  await reader.goto('/organizzazione');
  await expect(reader).toHaveURL(/\/login/);
});

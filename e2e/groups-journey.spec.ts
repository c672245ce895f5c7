/**
 * A group's week, end to end (decisions 089 and 090): an organisation's titolare adds a second pharmacy and, once the
 * admin has approved it, invites its director as responsabile; she joins from the mailed link, publishes a month of
 * Saturdays from the pharmacy's template and decides on an application; the pharmacist reads the pharmacy's and the
 * group's name on the offer, and the history of her application says who of the pharmacy decided.
 */
import { daysFromNow } from '@farmaponte/shared/dates';
import { BULK_TEXT } from '@farmaponte/shared/ui-text-bulk-offers';
import { approveThroughAdmin, logIn, uniqueEmail } from './support/accounts';
import { apiToken, uploadCvThroughApi } from './support/api-setup';
import { toasts } from './support/feedback';
import { makePdf } from './support/files';
import { mailContaining } from './support/mail';
import { pickPharmacy, registryPharmacy } from './support/registration';
import { expect, test } from './support/test';

const STAFF_PASSWORD = 'Staff-Farmaponte-2026';

/** Every Saturday from tomorrow to 31 days on: what the weekly rule of the journey picks. */
function saturdaysOfTheMonth(): string[] {
  const days = Array.from({ length: 31 }, (_, i) => daysFromNow(i + 1));
  return days.filter((day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 6);
}

test('a titolare adds a pharmacy and its responsabile, who publishes a month of Saturdays and decides; the pharmacist sees who', async ({
  page,
  browser,
  request,
  signIn,
  createAccount,
}) => {
  test.setTimeout(300_000);
  const owner = await signIn('titolare');
  const group = `Farmacie ${owner.surname} srl`;

  // The titolare names the group and adds a second pharmacy from the registry.
  await page.getByRole('link', { name: 'Organizzazione', exact: true }).click();
  const invoicing = page.getByRole('region', { name: 'Dati per la fatturazione' });
  await invoicing.getByLabel('Ragione sociale').fill(group);
  await invoicing.getByRole('button', { name: 'Salva dati' }).click();
  await expect(toasts(page, 'Dati dell’organizzazione salvati.')).toBeVisible();
  const second = registryPharmacy(58);
  await page.getByRole('button', { name: 'Aggiungi una farmacia' }).click();
  const adding = page.getByRole('region', { name: 'Aggiungi una farmacia' });
  await pickPharmacy(page, second);
  await adding.getByLabel('Partita IVA della farmacia').fill(second.partita_iva);
  await adding.getByRole('button', { name: 'Aggiungi farmacia' }).click();
  await expect(
    page.getByRole('article', { name: second.denominazione_farmacia }).getByText('In attesa di verifica'),
  ).toBeVisible();
  // The admin approves it (setup through the API), as /verifiche would.
  const ownerToken = await apiToken(request, owner.email);
  const organisation = (await (
    await request.get('/api/organisation/', { headers: { authorization: `Bearer ${ownerToken}` } })
  ).json()) as { pharmacies: { id: number; name: string }[] };
  const pharmacyId = organisation.pharmacies.find((p) => p.name === second.denominazione_farmacia)?.id;
  if (!pharmacyId) throw new Error('the added pharmacy is not in the organisation');
  await approveThroughAdmin(request, pharmacyId);

  // Its director is invited as its responsabile.
  await page.goto('/organizzazione/staff');
  const email = uniqueEmail('direttrice');
  const invite = page.getByRole('region', { name: 'Invita una persona' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByRole('radio', { name: /^Responsabile/ }).check();
  await invite.getByRole('checkbox', { name: new RegExp(second.denominazione_farmacia) }).check();
  await invite.getByRole('button', { name: 'Invia invito' }).click();
  await expect(toasts(page, `Invito inviato a ${email}.`)).toBeVisible();

  // She opens the mailed link on her phone and joins with a new account.
  const mail = await mailContaining(email, '/invito-staff?token=');
  const link = mail.match(/https?:\/\/\S+\/invito-staff\?token=[A-Za-z0-9_%-]+/)?.[0] ?? '';
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const laura = await phone.newPage();
  await laura.goto(link);
  await laura.getByLabel('Nome', { exact: true }).fill('Laura');
  await laura.getByLabel('Cognome', { exact: true }).fill('Neri');
  await laura.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await laura.getByLabel('Conferma password', { exact: true }).fill(STAFF_PASSWORD);
  await laura.getByRole('checkbox', { name: /Ho letto e accetto i Termini e Condizioni d.uso/ }).check();
  await laura.getByRole('button', { name: 'Crea account e accetta' }).click();
  await expect(laura).toHaveURL('/');

  // A month of Saturdays from the template, for her one pharmacy.
  await laura.goto('/mie_offerte');
  await laura.getByRole('link', { name: BULK_TEXT.myOffersLink }).click();
  await expect(laura.getByRole('heading', { level: 1, name: BULK_TEXT.pageTitle })).toBeVisible();
  await laura.locator('#titolo').fill('Sabato al banco');
  await laura.locator('#descrizione').fill('Banco e consiglio; parcheggio nel cortile.');
  await laura.locator('#paga').fill('21,00');
  await laura.locator('#inizio').fill('08:30');
  await laura.locator('#fine').fill('13:00');
  await laura.getByRole('checkbox', { name: 'sabato' }).check();
  await laura.locator('#dal').fill(daysFromNow(1));
  await laura.locator('#al').fill(daysFromNow(31));
  await laura.getByRole('button', { name: BULK_TEXT.ruleApply }).click();
  const saturdays = saturdaysOfTheMonth();
  await expect(laura.locator('#anteprima-turni')).toHaveText(BULK_TEXT.preview(saturdays.length));
  await laura.getByRole('button', { name: BULK_TEXT.publish(saturdays.length) }).click();
  await expect(laura).toHaveURL(/\/mie_offerte$/);
  await expect(laura.getByRole('heading', { name: 'Sabato al banco' })).toHaveCount(saturdays.length);

  // A pharmacist finds the first Saturday: the pharmacy's name with its group's.
  const pharmacist = await createAccount('farmacista');
  await uploadCvThroughApi(request, await apiToken(request, pharmacist.email), await makePdf('Curriculum'));
  const other = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const giulia = await other.newPage();
  await logIn(giulia, pharmacist.email);
  await giulia.goto('/cerca_offerte');
  await giulia.getByRole('searchbox', { name: 'Cerca per comune' }).fill(second.comune_farmacia);
  const row = giulia
    .getByRole('heading', { level: 2, name: /Sabato al banco/ })
    .first()
    .getByRole('button');
  await expect(row).toContainText(`${second.denominazione_farmacia} (${group})`);
  await row.click();
  const details = giulia.getByRole('region', { name: /Sabato al banco/ }).first();
  await details.getByRole('button', { name: 'Manda CV', exact: true }).click();
  await expect(giulia.getByText('CV inviato con successo!')).toBeVisible();

  // Laura accepts her.
  await laura.goto('/candidature');
  const card = laura.getByRole('article', { name: `${pharmacist.name} ${pharmacist.surname}`, exact: true });
  await card.getByRole('button', { name: 'Accetta', exact: true }).click();
  const accept = laura.getByRole('dialog', { name: `Accettare ${pharmacist.name} ${pharmacist.surname}?` });
  await accept.getByRole('textbox', { name: 'Messaggio per il farmacista' }).fill('Ti aspettiamo alle 8:30.');
  await accept.getByRole('button', { name: 'Accetta', exact: true }).click();
  await expect(laura.getByText('Candidatura accettata.')).toBeVisible();

  // The pharmacist's history names who decided.
  await giulia.goto('/mie_candidature');
  const sent = giulia.getByRole('article', { name: 'Sabato al banco', exact: true });
  await expect(sent.getByText('Stato: Accettata')).toBeVisible();
  await expect(sent.getByRole('listitem').last()).toContainText(`${second.denominazione_farmacia} (Laura Neri)`);
  await phone.close();
  await other.close();
});

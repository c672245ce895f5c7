/**
 * Journeys of offers and applications (docs/product.md, docs/rules.md#offers): an owner publishes, edits and deletes offers; a pharmacist
 * stores a CV, finds an offer by comune on the list and on the map and sends the CV; the owner reads the application.
 * Each test has its own accounts and finds its offers by their unique titles or pharmacy names, in comuni the other spec
 * files do not use; nothing depends on which other offers (demo data, other tests, earlier runs) are on the server.
 */
import { randomUUID } from 'node:crypto';
import { daysFromNow } from '@farmaponte/shared/dates';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { logIn, type TAccountOverrides, type TSelfServiceRole, type TTestAccount } from './support/accounts';
import { apiToken, applyThroughApi, createOfferThroughApi, type TOfferSetup, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { expectFieldError, toasts, watchNativeDialogs } from './support/feedback';
import { makePdf, writeTestFile } from './support/files';
import { expect, test } from './support/test';

type TCreateAccount = (role: TSelfServiceRole, overrides?: TAccountOverrides) => Promise<TTestAccount>;

const CV_NEEDED = 'Carica il tuo CV per candidarti';
const NOT_A_PDF = 'Verifica che il file sia un PDF valido.';
const OFFER_CREATED = 'Offerta creata con successo!';

// ---------------------------------------------------------------------------------------------------------------
// Dates, offers and accounts

/** '2026-06-12' → '12/06/2026': how the screens show a date. */
function shownDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** The period line of an offer with both dates: 'Il dd/mm/yyyy' for one day, 'Dal dd/mm/yyyy al dd/mm/yyyy' for more. */
function shownPeriod(offer: TOfferSetup): string {
  if (offer.date_from === offer.date_to) return `Il ${shownDate(offer.date_from ?? '')}`;
  return `Dal ${shownDate(offer.date_from ?? '')} al ${shownDate(offer.date_to ?? '')}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An offer nobody else has published: its title carries a unique tag. */
function draftOffer(kind: 'un giorno' | 'più giorni', overrides: Partial<TOfferSetup> = {}): TOfferSetup {
  const tag = randomUUID().slice(0, 6);
  const offer: TOfferSetup =
    kind === 'un giorno'
      ? {
          title: `Turno domenicale ${tag}`,
          description: 'Copertura del turno di domenica, 9:00-20:00, banco e preparazioni galeniche.',
          salary: '22 €/ora',
          date_from: daysFromNow(10),
          date_to: daysFromNow(10),
        }
      : {
          title: `Sostituzione per ferie ${tag}`,
          description: 'Sostituzione del collaboratore in ferie, orario 8:30-13:00 e 15:30-19:30.',
          salary: '19 €/ora',
          date_from: daysFromNow(20),
          date_to: daysFromNow(34),
        };
  return { ...offer, ...overrides };
}

/** An owner whose pharmacy is in `comune` (the offers' place on the search page and on the map). */
function ownerIn(comune: string): TAccountOverrides {
  return { comune_farmacia: comune, indirizzo_farmacia: `Via Roma 1, ${comune}` };
}

/** Setup: an owner in `comune` with one published offer. */
async function ownerWithOffer(request: APIRequestContext, createAccount: TCreateAccount, comune: string) {
  const owner = await createAccount('titolare', ownerIn(comune));
  const offer = draftOffer('più giorni');
  const offerId = await createOfferThroughApi(request, await apiToken(request, owner.email), offer);
  return { owner, offer, offerId };
}

/** Setup: a pharmacist who has already stored `cv` as their CV. */
async function pharmacistWithCv(request: APIRequestContext, createAccount: TCreateAccount, cv: Buffer) {
  const pharmacist = await createAccount('farmacista');
  const token = await apiToken(request, pharmacist.email);
  await uploadCvThroughApi(request, token, cv);
  return { pharmacist, token };
}

/** Logs out through /logout and logs in as someone else. */
async function switchUser(page: Page, email: string): Promise<void> {
  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await logIn(page, email);
}

/** Follows a link the way a new tab would and checks that it serves exactly the PDF that was uploaded. */
async function expectServesPdf(page: Page, link: Locator, uploaded: Buffer): Promise<void> {
  const href = await link.getAttribute('href');
  expect(href, 'the link has a target').toBeTruthy();
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/pdf\b/);
  const body = await response.body();
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(body.equals(uploaded), 'the PDF served is the one uploaded').toBe(true);
}

// ---------------------------------------------------------------------------------------------------------------
// The offer dialog and 'Le Mie Offerte'

const offerDialog = (page: Page, title: 'Crea una Nuova Offerta' | 'Modifica Offerta') =>
  page.getByRole('dialog', { name: title });
const textbox = (scope: Locator | Page, label: string) => scope.getByRole('textbox', { name: label, exact: true });

async function fillOfferForm(dialog: Locator, offer: TOfferSetup): Promise<void> {
  await textbox(dialog, 'Titolo Offerta').fill(offer.title);
  await textbox(dialog, 'Descrizione').fill(offer.description);
  if (offer.date_from === offer.date_to) {
    await dialog.getByRole('radio', { name: 'Giorno singolo', exact: true }).check();
    await dialog.getByLabel('Data', { exact: true }).fill(offer.date_from ?? '');
  } else {
    await dialog.getByRole('radio', { name: 'Più giorni', exact: true }).check();
    await dialog.getByLabel('Data da', { exact: true }).fill(offer.date_from ?? '');
    await dialog.getByLabel('Data a', { exact: true }).fill(offer.date_to ?? '');
  }
  // The hourly pay is the number the note starts with ('22 €/ora' → 22); the note keeps the text.
  await dialog.getByRole('spinbutton', { name: 'Paga oraria (€/ora)', exact: true }).fill(offer.salary.split(' ')[0] ?? '');
  await textbox(dialog, 'Note sulla retribuzione').fill(offer.salary);
}

/** 'Crea Offerta' on the dashboard, the form, 'Crea': the success toast, and the dialog closes. */
async function createOfferFromDashboard(page: Page, offer: TOfferSetup): Promise<void> {
  await expect(page).toHaveURL('/');
  // A previous creation's toast must be gone, so the one awaited below is this offer's.
  await expect(page.getByText(OFFER_CREATED)).toHaveCount(0);
  await page.getByRole('button', { name: 'Crea Offerta', exact: true }).click();
  const dialog = offerDialog(page, 'Crea una Nuova Offerta');
  await expect(dialog).toBeVisible();
  await expect(textbox(dialog, 'Titolo Offerta')).toHaveValue('');
  await fillOfferForm(dialog, offer);
  await dialog.getByRole('button', { name: 'Crea', exact: true }).click();
  await expect(page.getByText(OFFER_CREATED)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** 'Vuoi uscire senza salvare?', asked when a dialog with changes is closed. */
const discardQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Vuoi uscire senza salvare?' });

const offerCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function expectOfferCard(page: Page, offer: TOfferSetup): Promise<void> {
  const card = offerCard(page, offer.title);
  await expect(card).toBeVisible();
  await expect(card.getByText(offer.description, { exact: true })).toBeVisible();
  await expect(card.getByText(offer.salary, { exact: true })).toBeVisible();
  await expect(card.getByText(shownPeriod(offer), { exact: true })).toBeVisible();
}

// ---------------------------------------------------------------------------------------------------------------
// The search page: rows, details and the map's pins

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Cerca per comune' });
/** The collapsible row of a pharmacy's offer (its button sits in a level-2 heading named after the pharmacy). */
const offerRow = (page: Page, pharmacy: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(escapeRegExp(pharmacy)) }).getByRole('button');
/** The expanded details of that row. */
const offerDetails = (page: Page, pharmacy: string) => page.getByRole('region', { name: new RegExp(escapeRegExp(pharmacy)) });
const offersMap = (page: Page) => page.getByRole('region', { name: 'Mappa delle offerte' });

async function openSearch(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cerca Offerte', exact: true }).click();
  await expect(page).toHaveURL('/cerca_offerte');
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacie che Cercano Personale' })).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Cerca per comune...');
}

type TColour = 'rosso' | 'blu' | 'altro';

/** Red or blue, as a person would name the colour #rrggbb. */
function colourName(hex: string | undefined): TColour {
  if (!hex) return 'altro';
  const [red = 0, green = 0, blue = 0] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  if (red > 1.5 * green && red > 1.5 * blue) return 'rosso';
  if (blue > 1.5 * red && blue > green) return 'blu';
  return 'altro';
}

/** The colour a pin is drawn in, read from its SVG image (inlined as a data URL, or served by the app). */
async function pinColour(page: Page, src: string): Promise<TColour> {
  let svg: string;
  if (src.startsWith('data:')) {
    const comma = src.indexOf(',');
    const data = src.slice(comma + 1);
    svg = src.slice(0, comma).endsWith(';base64') ? Buffer.from(data, 'base64').toString('utf8') : decodeURIComponent(data);
  } else {
    svg = await (await page.request.get(src)).text();
  }
  return colourName(/<path[^>]*\sfill=["']#([0-9a-f]{6})["']/i.exec(svg)?.[1]);
}

/**
 * What the map shows now: the pharmacies whose pin is red, whether anything else is on it in blue (single pins, or
 * the bubbles that group nearby pins), and anything drawn in another colour. Offers of earlier runs on the same
 * server may share a pin's spot and be grouped with it, so the blue ones are not named one by one.
 */
async function mapMarkers(page: Page): Promise<{ red: string[]; someBlue: boolean; other: string[] }> {
  const map = offersMap(page);
  const pins = await map
    .locator('img.leaflet-marker-icon')
    .evaluateAll((images) =>
      images.map((image) => ({ name: image.getAttribute('alt') ?? '', src: image.getAttribute('src') ?? '' })),
    );
  const bubbles = await map.locator('.leaflet-marker-icon:not(img)').evaluateAll((groups) =>
    groups.map((group) => {
      const [red, green, blue] = (
        getComputedStyle(group.querySelector('[aria-hidden]') ?? group).backgroundColor.match(/\d+/g) ?? []
      )
        .slice(0, 3)
        .map(Number);
      return {
        name: group.textContent ?? '',
        hex: [red, green, blue].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join(''),
      };
    }),
  );
  const markers = [
    ...(await Promise.all(pins.map(async (pin) => ({ name: pin.name, colour: await pinColour(page, pin.src) })))),
    ...bubbles.map((bubble) => ({ name: bubble.name, colour: colourName(bubble.hex) })),
  ];
  return {
    red: markers.filter((marker) => marker.colour === 'rosso').map((marker) => marker.name),
    someBlue: markers.some((marker) => marker.colour === 'blu'),
    other: markers.filter((marker) => marker.colour === 'altro').map((marker) => marker.name),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The CV dialog

const cvDialog = (page: Page) => page.getByRole('dialog', { name: 'Carica il tuo CV' });
const cvDownloadLink = (page: Page) => cvDialog(page).getByRole('link', { name: /^Scarica il tuo CV/ });

async function openCvDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Aggiorna CV', exact: true }).click();
  const dialog = cvDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

// ===============================================================================================================

test.describe('offerte del titolare', () => {
  test("un titolare pubblica un'offerta di un giorno e una di più giorni, ne modifica una e ne elimina un'altra", async ({
    page,
    signIn,
  }) => {
    await signIn('titolare', ownerIn('Aosta'));
    const oneDay = draftOffer('un giorno');
    const severalDays = draftOffer('più giorni');

    await createOfferFromDashboard(page, oneDay);
    await createOfferFromDashboard(page, severalDays);

    await page.getByRole('button', { name: 'Le Mie Offerte', exact: true }).click();
    await expect(page).toHaveURL('/mie_offerte');
    await expect(page.getByRole('heading', { level: 1, name: 'Le Mie Offerte' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expectOfferCard(page, oneDay);
    await expectOfferCard(page, severalDays);

    // 'Modifica': the dialog opens filled with the offer, and the list shows what was saved.
    await offerCard(page, severalDays.title).getByRole('button', { name: 'Modifica', exact: true }).click();
    const editDialog = offerDialog(page, 'Modifica Offerta');
    await expect(editDialog).toBeVisible();
    await expect(textbox(editDialog, 'Titolo Offerta')).toHaveValue(severalDays.title);
    await expect(textbox(editDialog, 'Descrizione')).toHaveValue(severalDays.description);
    await expect(editDialog.getByRole('radio', { name: 'Più giorni', exact: true })).toBeChecked();
    await expect(editDialog.getByLabel('Data da', { exact: true })).toHaveValue(severalDays.date_from ?? '');
    await expect(editDialog.getByLabel('Data a', { exact: true })).toHaveValue(severalDays.date_to ?? '');
    await expect(textbox(editDialog, 'Note sulla retribuzione')).toHaveValue(severalDays.salary);

    const edited: TOfferSetup = {
      ...severalDays,
      title: `${severalDays.title} (agosto)`,
      salary: '21 €/ora',
      date_to: daysFromNow(40),
    };
    await textbox(editDialog, 'Titolo Offerta').fill(edited.title);
    await textbox(editDialog, 'Note sulla retribuzione').fill(edited.salary);
    await editDialog.getByLabel('Data a', { exact: true }).fill(edited.date_to ?? '');
    // 'Paga e condizioni' (decision 094): a fixed travel sum for every day and the bound of a negotiation.
    await editDialog.getByRole('radio', { name: 'Cifra fissa', exact: true }).check();
    await editDialog.getByRole('spinbutton', { name: 'Rimborso (€)', exact: true }).fill('15');
    await editDialog.getByRole('checkbox', { name: 'Per ogni giorno di lavoro', exact: true }).check();
    await editDialog.getByRole('spinbutton', { name: 'Accetto proposte fino a (€/ora)', exact: true }).fill('25');
    await editDialog.getByRole('button', { name: 'Salva Modifiche', exact: true }).click();
    await expect(page.getByText('Offerta aggiornata con successo!')).toBeVisible();
    await expect(editDialog).toBeHidden();
    await expectOfferCard(page, edited);
    // The terms come back into the form.
    await offerCard(page, edited.title).getByRole('button', { name: 'Modifica', exact: true }).click();
    await expect(editDialog.getByRole('spinbutton', { name: 'Rimborso (€)', exact: true })).toHaveValue('15');
    await expect(editDialog.getByRole('checkbox', { name: 'Per ogni giorno di lavoro', exact: true })).toBeChecked();
    await expect(editDialog.getByRole('spinbutton', { name: 'Accetto proposte fino a (€/ora)', exact: true })).toHaveValue('25');
    await page.keyboard.press('Escape');
    await expect(editDialog).toBeHidden();
    await expect(offerCard(page, severalDays.title)).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(2);

    // 'Elimina': 'Annulla' keeps the offer, 'Elimina' removes it.
    const confirmation = page.getByRole('alertdialog', { name: 'Conferma Eliminazione' });
    await offerCard(page, oneDay.title).getByRole('button', { name: 'Elimina', exact: true }).click();
    await expect(confirmation.getByText(`Sei sicuro di voler eliminare l'offerta ${oneDay.title}?`)).toBeVisible();
    await confirmation.getByRole('button', { name: 'Annulla', exact: true }).click();
    await expect(confirmation).toBeHidden();
    await expect(offerCard(page, oneDay.title)).toBeVisible();

    await offerCard(page, oneDay.title).getByRole('button', { name: 'Elimina', exact: true }).click();
    await expect(confirmation.getByText(`Sei sicuro di voler eliminare l'offerta ${oneDay.title}?`)).toBeVisible();
    await confirmation.getByRole('button', { name: 'Elimina', exact: true }).click();
    await expect(confirmation).toBeHidden();
    await expect(offerCard(page, oneDay.title)).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(1);

    // What the server kept, in a new visit.
    await page.reload();
    await expectOfferCard(page, edited);
    await expect(offerCard(page, oneDay.title)).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(1);
  });

  test('un titolo di due caratteri viene rifiutato e nessuna offerta viene creata', async ({ page, signIn }) => {
    await signIn('titolare', ownerIn('Aosta'));
    await page.getByRole('button', { name: 'Crea Offerta', exact: true }).click();
    const dialog = offerDialog(page, 'Crea una Nuova Offerta');
    await expect(dialog).toBeVisible();

    await fillOfferForm(dialog, draftOffer('un giorno', { title: 'Tu' }));
    await dialog.getByRole('button', { name: 'Crea', exact: true }).click();
    await expect(page.getByText('Il titolo è obbligatorio e deve essere almeno 3 caratteri')).toBeVisible();
    await expect(textbox(dialog, 'Titolo Offerta')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();
    await expect(page.getByText(OFFER_CREATED)).toHaveCount(0);

    // The refused draft is still a draft: closing asks before throwing it away.
    await dialog.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await discardQuestion(page).getByRole('button', { name: 'Esci senza salvare', exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Le Mie Offerte', exact: true }).click();
    await expect(page.getByText('Nessuna offerta trovata.', { exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});

test.describe('CV del farmacista', () => {
  test('senza CV la candidatura non parte; caricato il CV dalla dashboard, si scarica e la candidatura parte', async ({
    page,
    request,
    createAccount,
    signIn,
  }, testInfo) => {
    const { owner, offer } = await ownerWithOffer(request, createAccount, 'Sondrio');
    const pharmacist = await signIn('farmacista');

    await openSearch(page);
    await searchBox(page).fill('Sondrio');
    await offerRow(page, owner.denominazione_farmacia).click();
    const details = offerDetails(page, owner.denominazione_farmacia);
    await expect(details.getByText(offer.title, { exact: true })).toBeVisible();

    // No browser alert anywhere: the CV dialog opens in the page, saying why.
    const nativeDialogs = watchNativeDialogs(page);
    const sendButton = details.getByRole('button', { name: 'Manda CV', exact: true });
    await sendButton.click();
    const askedForCv = cvDialog(page);
    await expect(askedForCv).toBeVisible();
    await expect(askedForCv).toHaveAccessibleDescription(new RegExp(`^${CV_NEEDED}`));
    await expect(askedForCv.getByText('Non hai ancora caricato un CV.', { exact: true })).toBeVisible();
    await expect(page.getByText('CV inviato con successo!')).toHaveCount(0);
    await askedForCv.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await expect(askedForCv).toBeHidden();
    await expect(sendButton).toBeFocused();

    // Nothing was sent.
    await page.goto('/');
    await page.getByRole('button', { name: 'Le mie candidature', exact: true }).click();
    await expect(page).toHaveURL('/mie_candidature');
    await expect(page.getByText('Non hai ancora inviato candidature.', { exact: true })).toBeVisible();

    // The CV, from 'Aggiorna CV' on the dashboard.
    await page.goto('/');
    const dialog = await openCvDialog(page);
    await expect(dialog.getByText('Non hai ancora caricato un CV.', { exact: true })).toBeVisible();
    await expect(cvDownloadLink(page)).toHaveCount(0);
    const cv = await makePdf(`Curriculum vitae di ${pharmacist.name} ${pharmacist.surname}`);
    await dialog.getByLabel('File del CV (PDF)', { exact: true }).setInputFiles(writeTestFile(testInfo, 'curriculum.pdf', cv));
    await expect(dialog.getByText('curriculum.pdf', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Carica CV', exact: true }).click();
    await expect(page.getByText('CV caricato con successo!')).toBeVisible();
    await expect(cvDownloadLink(page)).toBeVisible();
    await expect(dialog.getByText('Non hai ancora caricato un CV.', { exact: true })).toHaveCount(0);
    await expectServesPdf(page, cvDownloadLink(page), cv);
    await dialog.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await expect(dialog).toBeHidden();

    // Straight away, in the same visit, 'Manda CV' sends it without asking for a CV.
    await openSearch(page);
    await searchBox(page).fill('Sondrio');
    await offerRow(page, owner.denominazione_farmacia).click();
    await offerDetails(page, owner.denominazione_farmacia).getByRole('button', { name: 'Manda CV', exact: true }).click();
    await expect(page.getByText('CV inviato con successo!')).toBeVisible();

    // The CV is still there in a new visit.
    await page.goto('/');
    await openCvDialog(page);
    await expect(cvDownloadLink(page)).toBeVisible();
    await expectServesPdf(page, cvDownloadLink(page), cv);
    expect(nativeDialogs).toEqual([]);
  });

  test('un file che non è un PDF viene rifiutato e nessun CV viene salvato', async ({ page, signIn }, testInfo) => {
    await signIn('farmacista');
    const dialog = await openCvDialog(page);
    const fileInput = dialog.getByLabel('File del CV (PDF)', { exact: true });

    // A text file: refused as soon as it is chosen, with one toast, and the field says why.
    await fileInput.setInputFiles(writeTestFile(testInfo, 'curriculum.txt', 'Curriculum vitae, in testo semplice.'));
    await expect(toasts(page, NOT_A_PDF)).toBeVisible();
    await expect(dialog.getByText('Nessun file selezionato', { exact: true })).toBeVisible();
    await expect(fileInput).toHaveValue('');
    await expectFieldError(fileInput, NOT_A_PDF);
    // 'Carica CV' with that same refusal pending says nothing new: still one toast for one bad file.
    await dialog.getByRole('button', { name: 'Carica CV', exact: true }).click();
    await expect(fileInput).toBeFocused();
    await expect(toasts(page)).toHaveCount(1);

    // A file that only claims to be a PDF: the server refuses it.
    await fileInput.setInputFiles({
      name: 'curriculum.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('non sono un PDF'),
    });
    await expect(dialog.getByText('curriculum.pdf', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Carica CV', exact: true }).click();
    await expect(toasts(page, `Errore durante l'upload: ${NOT_A_PDF}`)).toHaveCount(1);
    await expectFieldError(fileInput, NOT_A_PDF);
    await expect(page.getByText('CV caricato con successo!')).toHaveCount(0);

    await page.reload();
    await openCvDialog(page);
    await expect(cvDialog(page).getByText('Non hai ancora caricato un CV.', { exact: true })).toBeVisible();
    await expect(cvDownloadLink(page)).toHaveCount(0);
  });
});

test("un farmacista trova l'offerta per comune, la vede in rosso sulla mappa e si candida; il titolare riceve la candidatura", async ({
  page,
  request,
  createAccount,
  signIn,
}) => {
  // The owner publishes an offer from the dashboard; another owner, in a comune whose name also matches, has one too.
  const owner = await signIn('titolare', ownerIn('Teglio'));
  const offer = draftOffer('più giorni');
  await createOfferFromDashboard(page, offer);
  const neighbour = await ownerWithOffer(request, createAccount, 'Teglio Veneto');
  const cv = await makePdf('Curriculum vitae');
  const { pharmacist } = await pharmacistWithCv(request, createAccount, cv);

  await switchUser(page, pharmacist.email);
  await openSearch(page);
  await searchBox(page).fill('teglio');
  const ownRow = offerRow(page, owner.denominazione_farmacia);
  const neighbourRow = offerRow(page, neighbour.owner.denominazione_farmacia);
  await expect(ownRow).toHaveAttribute('aria-expanded', 'false');
  await expect(neighbourRow).toHaveAttribute('aria-expanded', 'false');
  // Only offers of a matching comune are listed (the filter ignores case), and the count says how many.
  const rows = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect.poll(async () => (await rows.allInnerTexts()).filter((name) => !/teglio/i.test(name))).toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${await rows.count()} offerte$`) })).toBeVisible();
  await expect.poll(() => mapMarkers(page)).toEqual({ red: [], someBlue: true, other: [] });

  // Expanded: the offer's details, and its pin turns red with the pharmacy's name in its popup; the rest stays blue.
  await ownRow.click();
  await expect(ownRow).toHaveAttribute('aria-expanded', 'true');
  const details = offerDetails(page, owner.denominazione_farmacia);
  await expect(details.getByRole('term')).toHaveText([
    'Comune farmacia',
    'Titolo',
    'Descrizione',
    'Paga oraria',
    'Note sulla retribuzione',
    'Periodo',
    'Forma di lavoro',
  ]);
  await expect(details.getByRole('definition')).toHaveText([
    'Teglio',
    offer.title,
    offer.description,
    offer.salary, // '22 €/ora': the number the API read from the note, shown as the pay
    offer.salary,
    shownPeriod(offer),
    // An offer written without a form (decision 093): an employee shift at the first level.
    'Lavoro dipendente a tempo determinato. Livello CCNL: Primo livello – Farmacista collaboratore',
  ]);
  await expect.poll(() => mapMarkers(page)).toEqual({ red: [owner.denominazione_farmacia], someBlue: true, other: [] });
  await expect(offersMap(page).getByText(owner.denominazione_farmacia, { exact: true })).toBeVisible();

  // One row open at a time: opening the other closes this one, and the red pin moves with it.
  await neighbourRow.click();
  await expect(neighbourRow).toHaveAttribute('aria-expanded', 'true');
  await expect(ownRow).toHaveAttribute('aria-expanded', 'false');
  await expect(details).toHaveCount(0);
  await expect(offerDetails(page, neighbour.owner.denominazione_farmacia).getByText(neighbour.offer.title)).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { expanded: true })).toHaveCount(1);
  await expect.poll(() => mapMarkers(page)).toEqual({ red: [neighbour.owner.denominazione_farmacia], someBlue: true, other: [] });
  await ownRow.click();
  await expect(neighbourRow).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => mapMarkers(page)).toEqual({ red: [owner.denominazione_farmacia], someBlue: true, other: [] });

  // 'Manda CV' sends the stored CV once; then the offer shows the application's status instead of the button.
  const dayBefore = shownDate(daysFromNow(0));
  await details.getByRole('button', { name: 'Manda CV', exact: true }).click();
  await expect(page.getByText('CV inviato con successo!')).toBeVisible();
  await expect(ownRow).toContainText('Candidatura: Inviata');
  await expect(details.getByRole('button', { name: 'Manda CV', exact: true })).toHaveCount(0);
  await expect(details.getByRole('link', { name: 'Le mie candidature', exact: true })).toBeVisible();
  const dayAfter = shownDate(daysFromNow(0));
  const submittedAt = new RegExp(`^(${escapeRegExp(dayBefore)}|${escapeRegExp(dayAfter)}) \\d{2}:\\d{2}$`);

  await page.goto('/mie_candidature');
  await expect(page.getByRole('heading', { level: 1, name: 'Le mie candidature' })).toBeVisible();
  const sent = page.getByRole('article', { name: offer.title, exact: true });
  await expect(sent).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(sent.getByText(`${owner.denominazione_farmacia} · Teglio`, { exact: true })).toBeVisible();
  // The hourly pay as the search shows it, then the owner's note.
  await expect(sent.getByRole('term')).toHaveText(['Paga oraria', 'Note sulla retribuzione', 'Periodo', 'Inviata il']);
  await expect(sent.getByRole('definition')).toHaveText([offer.salary, offer.salary, shownPeriod(offer), submittedAt]);

  // The owner reads the application and opens the CV.
  await switchUser(page, owner.email);
  await page.getByRole('button', { name: 'Candidature Ricevute', exact: true }).click();
  await expect(page).toHaveURL('/candidature');
  await expect(page.getByRole('heading', { level: 1, name: 'Candidature Ricevute' })).toBeVisible();
  const received = page.getByRole('article', { name: `${pharmacist.name} ${pharmacist.surname}`, exact: true });
  await expect(received).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(received.getByText(pharmacist.titolo, { exact: true })).toBeVisible();
  await expect(received.getByRole('term')).toHaveText(['Residenza', 'Telefono', 'Inviata il']);
  await expect(received.getByRole('definition')).toHaveText(['Milano (MI)', pharmacist.telephone, submittedAt]);
  await expect(received.getByRole('heading', { level: 3, name: offer.title, exact: true })).toBeVisible();
  await expect(received.getByText(offer.description, { exact: true })).toBeVisible();
  await expectServesPdf(page, received.getByRole('link', { name: /^Visualizza PDF/ }), cv);

  // Another owner, with an offer of their own, receives nothing of it.
  await switchUser(page, neighbour.owner.email);
  await page.getByRole('button', { name: 'Candidature Ricevute', exact: true }).click();
  await expect(page.getByText('Nessuna candidatura trovata.', { exact: true })).toBeVisible();
  await expect(page.getByText(`${pharmacist.name} ${pharmacist.surname}`)).toHaveCount(0);
});

test.describe('ricerca dal telefono', () => {
  const PHONE = { width: 390, height: 844 };
  test.use({ viewport: PHONE, hasTouch: true });

  async function expectFitsTheScreen(page: Page): Promise<void> {
    const widths = await page.evaluate(() => ({
      content: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
      viewport: window.innerWidth,
    }));
    expect(widths.viewport).toBe(PHONE.width);
    expect(widths.content, 'the page scrolls sideways').toBeLessThanOrEqual(widths.viewport);
  }

  async function expectWithinWidth(locator: Locator): Promise<void> {
    const box = await locator.boundingBox();
    expect(box, 'on screen').not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(PHONE.width);
  }

  test('a 390×844 la lista e la mappa ci sono entrambe, senza scorrere di lato, e ci si candida', async ({
    page,
    request,
    createAccount,
  }) => {
    const { owner, offer } = await ownerWithOffer(request, createAccount, 'Bormio');
    const { pharmacist } = await pharmacistWithCv(request, createAccount, await makePdf('Curriculum vitae'));
    await logIn(page, pharmacist.email);

    await openSearch(page);
    await expect(offersMap(page)).toBeVisible();
    await expectWithinWidth(offersMap(page));
    await expectWithinWidth(searchBox(page));
    await expectFitsTheScreen(page);

    await searchBox(page).fill('Bormio');
    const row = offerRow(page, owner.denominazione_farmacia);
    await expect(row).toBeVisible();
    await expectWithinWidth(row);

    await row.tap();
    const details = offerDetails(page, owner.denominazione_farmacia);
    await expect(details.getByText(offer.title, { exact: true })).toBeVisible();
    // The selected offer's pin is on the map (red, and never hidden in a group).
    await expect(offersMap(page).getByRole('button', { name: owner.denominazione_farmacia, exact: true })).toBeVisible();
    const sendCv = details.getByRole('button', { name: 'Manda CV', exact: true });
    await expectWithinWidth(sendCv);
    await expectFitsTheScreen(page);
    await sendCv.tap();
    await expect(page.getByText('CV inviato con successo!')).toBeVisible();
    await expectFitsTheScreen(page);
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`accessibilità di offerte e candidature a ${viewport.width} px`, () => {
    // Each journey runs axe on several full pages (the admin's hold thousands of map and list nodes): up to a
    // minute of CPU on a busy 2-core machine, so these journeys get three times the usual time.
    test.describe.configure({ timeout: 180_000 });
    test.use({ viewport });

    /** An owner in Livigno with an offer, and a pharmacist who has already applied to it with a CV. */
    async function offerWithApplication(request: APIRequestContext, createAccount: TCreateAccount) {
      const { owner, offer, offerId } = await ownerWithOffer(request, createAccount, 'Livigno');
      const { pharmacist, token } = await pharmacistWithCv(request, createAccount, await makePdf('Curriculum vitae'));
      await applyThroughApi(request, token, offerId);
      return { owner, offer, pharmacist };
    }

    test('pagine del farmacista: ricerca, finestra del CV, le mie candidature', async ({ page, request, createAccount }) => {
      const { owner, offer, pharmacist } = await offerWithApplication(request, createAccount);
      await logIn(page, pharmacist.email);

      await openSearch(page);
      await searchBox(page).fill('Livigno');
      await offerRow(page, owner.denominazione_farmacia).click();
      await expect(offerDetails(page, owner.denominazione_farmacia).getByText(offer.title, { exact: true })).toBeVisible();
      await expect(offersMap(page).getByRole('button', { name: owner.denominazione_farmacia, exact: true })).toBeVisible();
      // The marker's popup fades in: axe reads its colours once it is opaque, not half-way through the fade.
      // A popup may be redrawn meanwhile, so every popup there is at each look is read, never one found earlier.
      await expect
        .poll(() =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll('.leaflet-popup')).every((popup) => getComputedStyle(popup).opacity === '1'),
          ),
        )
        .toBe(true);
      await expectNoViolations(page, '/cerca_offerte');

      await page.goto('/');
      await openCvDialog(page);
      await expect(cvDownloadLink(page)).toBeVisible();
      await expectNoViolations(page, 'finestra del CV');

      await page.goto('/mie_candidature');
      await expect(page.getByRole('article', { name: offer.title, exact: true })).toBeVisible();
      await expectNoViolations(page, '/mie_candidature');
      await page.getByRole('button', { name: 'Ritira candidatura', exact: true }).click();
      const withdraw = page.getByRole('alertdialog', { name: 'Ritirare la candidatura?' });
      await expect(withdraw).toBeVisible();
      await expectNoViolations(page, 'ritirare la candidatura?');
      await withdraw.getByRole('button', { name: 'Non ritirare', exact: true }).click();
      await expect(withdraw).toBeHidden();

      await page.goto('/notifiche');
      await expect(page.getByText('Non hai ancora notifiche.')).toBeVisible();
      await expectNoViolations(page, '/notifiche (vuota)');
    });

    test("pagine del titolare: le mie offerte, finestra dell'offerta, candidature ricevute", async ({
      page,
      request,
      createAccount,
    }) => {
      const { owner, offer, pharmacist } = await offerWithApplication(request, createAccount);
      await logIn(page, owner.email);

      await page.goto('/mie_offerte');
      await expect(offerCard(page, offer.title)).toBeVisible();
      await expectNoViolations(page, '/mie_offerte');

      await page.getByRole('button', { name: 'Crea Offerta', exact: true }).click();
      await expect(textbox(offerDialog(page, 'Crea una Nuova Offerta'), 'Titolo Offerta')).toBeVisible();
      await expectNoViolations(page, "finestra di creazione di un'offerta");
      await offerDialog(page, 'Crea una Nuova Offerta').getByRole('button', { name: 'Chiudi', exact: true }).click();

      await offerCard(page, offer.title).getByRole('button', { name: 'Modifica', exact: true }).click();
      const editDialog = offerDialog(page, 'Modifica Offerta');
      await expect(textbox(editDialog, 'Titolo Offerta')).toHaveValue(offer.title);
      await editDialog.getByRole('radio', { name: 'Giorno singolo', exact: true }).check();
      await expect(editDialog.getByLabel('Data', { exact: true })).toHaveValue(offer.date_from ?? '');
      await expectNoViolations(page, "finestra di modifica di un'offerta");
      // Changed (one day now): closing asks first.
      await editDialog.getByRole('button', { name: 'Chiudi', exact: true }).click();
      await expect(discardQuestion(page)).toBeVisible();
      await expectNoViolations(page, "uscire senza salvare la modifica di un'offerta?");
      await discardQuestion(page).getByRole('button', { name: 'Esci senza salvare', exact: true }).click();
      await expect(editDialog).toBeHidden();

      await offerCard(page, offer.title).getByRole('button', { name: 'Elimina', exact: true }).click();
      const confirmation = page.getByRole('alertdialog', { name: 'Conferma Eliminazione' });
      await expect(confirmation).toBeVisible();
      await expectNoViolations(page, "conferma di eliminazione di un'offerta");
      await confirmation.getByRole('button', { name: 'Annulla', exact: true }).click();

      await offerCard(page, offer.title).getByRole('button', { name: 'Chiudi offerta', exact: true }).click();
      const closeQuestion = page.getByRole('alertdialog', { name: "Chiudere l'offerta?" });
      await expect(closeQuestion).toBeVisible();
      await expectNoViolations(page, "chiudere l'offerta?");
      await closeQuestion.getByRole('button', { name: 'Lascia aperta', exact: true }).click();
      await expect(closeQuestion).toBeHidden();

      await page.goto('/candidature');
      const application = page.getByRole('article', { name: `${pharmacist.name} ${pharmacist.surname}`, exact: true });
      await expect(application).toBeVisible();
      await expect(page.getByRole('link', { name: 'Inviata: 1 candidatura' })).toBeVisible();
      await expectNoViolations(page, '/candidature');
      await application.getByRole('button', { name: 'Rifiuta', exact: true }).click();
      const decision = page.getByRole('dialog', { name: `Rifiutare ${pharmacist.name} ${pharmacist.surname}?` });
      await expect(decision.getByRole('textbox', { name: 'Messaggio per il farmacista' })).toBeVisible();
      await expectNoViolations(page, 'rifiutare una candidatura?');
      await decision.getByRole('button', { name: 'Annulla', exact: true }).click();
      await expect(decision).toBeHidden();

      await page.goto('/notifiche');
      await expect(page.getByRole('article', { name: /Nuova candidatura$/ })).toBeVisible();
      await expectNoViolations(page, '/notifiche');
    });
  });
}

/**
 * Journey: the admin's back office (docs/product.md#admin-pharmacies, #admin-users, the admin dashboard): importing the
 * Ministry's registry, setting an owner's map position, browsing the users. Every test brings its own data.
 */
import { randomUUID } from 'node:crypto';
import { isInItaly } from '@farmaponte/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { parseDecimal, REGISTRY_COLUMNS, splitLine } from '../apps/api/src/modules/pharmacies/registry-file';
import { sampleRegistryCsv } from '../apps/api/src/modules/pharmacies/sample';
import { DEMO_ACCOUNTS, logIn, PASSWORD } from './support/accounts';
import { expectDashboardOf } from './support/dashboard';
import { expect, test } from './support/test';

/** '1231' → '1.231', as the admin screens write counts. */
const italianCount = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** The value of a label/value pair (<dt>/<dd>) inside scope. */
const detailValue = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

/** Setup and checks through the API, as the given user. */
async function bearer(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const response = await request.post('/api/token/', { data: { username: email, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  const { access } = (await response.json()) as { access: string };
  return { authorization: `Bearer ${access}` };
}

// ------------------------------------------------------------------ /farmacie: the registry import

/**
 * A registry file in the Ministry's layout: generated rows (with codes of their own, so the import adds pharmacies
 * beside the demo's instead of rewriting them) plus one pharmacy with a name nobody else uses.
 */
function registryFile(name: string) {
  const run = randomUUID().slice(0, 8);
  const [header = '', ...generated] = sampleRegistryCsv(1200, { historical: 30, seed: 7919 }).trimEnd().split('\r\n');
  const rows = generated.map((line) => line.replace(/^[^;]*/, (code) => `E2E-${run}-${code}`));
  const own: Record<(typeof REGISTRY_COLUMNS)[number], string> = {
    cod_farmacia: `E2E-${run}-OWN`,
    cod_farmacia_asl: '301',
    indirizzo: 'VIA DELLE PROVE 42',
    descrizione_farmacia: name,
    p_iva: '01234567890',
    cap: '20121',
    cod_comune: '015146',
    comune: 'MILANO',
    frazione: '',
    cod_provincia: '015',
    sigla_provincia: 'MI',
    provincia: 'MI',
    cod_regione: '030',
    regione: 'LOMBARDIA',
    data_inizio_validita: '01/03/2024',
    data_fine_validita: '-',
    descrizione_tipologia: 'Ordinaria',
    codice_tipologia: '1',
    latitudine: '45,464211',
    longitudine: '9,191383',
    localizzazione: '45,464211 9,191383',
  };
  rows.push(REGISTRY_COLUMNS.map((column) => own[column]).join(';'));

  // What the report must say, read from the file itself.
  const column = (key: (typeof REGISTRY_COLUMNS)[number]) => REGISTRY_COLUMNS.indexOf(key);
  const active = rows.map(splitLine).filter((fields) => fields[column('data_fine_validita')] === '-');
  const withoutCoordinates = active.filter((fields) => {
    const lat = parseDecimal(fields[column('latitudine')] ?? '');
    const lng = parseDecimal(fields[column('longitudine')] ?? '');
    return lat == null || lng == null || !isInItaly(lat, lng);
  }).length;
  return {
    csv: `${[header, ...rows].join('\r\n')}\r\n`,
    expected: { read: rows.length, imported: active.length, skipped: rows.length - active.length, withoutCoordinates },
  };
}

/** Every text the import's progress bar shows, however briefly it shows it (a small file takes well under a second). */
async function recordProgressTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { progressTexts: seen });
    new MutationObserver(() => {
      document.querySelectorAll('[role="progressbar"]').forEach((bar) => {
        const text = bar.getAttribute('aria-valuetext');
        if (text && seen.at(-1) !== text) seen.push(text);
      });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuetext'] });
  });
  return () => page.evaluate(() => (window as unknown as { progressTexts: string[] }).progressTexts);
}

async function openPharmacies(page: Page): Promise<void> {
  await logIn(page, DEMO_ACCOUNTS.admin);
  await page.goto('/farmacie');
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacie e titolari' })).toBeVisible();
}

const importPanel = (page: Page) => page.getByRole('region', { name: 'Importa elenco farmacie del Ministero' });
const registryPanel = (page: Page) => page.getByRole('region', { name: "Farmacie d'Italia" });

async function searchRegistry(page: Page, text: string): Promise<void> {
  const panel = registryPanel(page);
  await panel.getByRole('searchbox', { name: 'Cerca una farmacia' }).fill(text);
}

test.describe("importazione dell'elenco del Ministero", () => {
  test("l'amministratore importa l'elenco, segue l'avanzamento e ritrova la farmacia nella ricerca", async ({ page }) => {
    const name = `FARMACIA E2E ${randomUUID().slice(0, 8).toUpperCase()}`;
    const { csv, expected } = registryFile(name);
    await openPharmacies(page);

    // Before the import the registry does not know it.
    await searchRegistry(page, name);
    await expect(registryPanel(page).getByText('Nessuna farmacia trovata.', { exact: true })).toBeVisible();

    const panel = importPanel(page);
    await panel
      .getByLabel('File CSV del Ministero', { exact: true })
      .setInputFiles({ name: 'farmacie-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await expect(panel.getByText('farmacie-e2e.csv', { exact: true })).toBeVisible();
    const progressTexts = await recordProgressTexts(page);
    await panel.getByRole('button', { name: 'Importa', exact: true }).click();

    await expect(panel.getByRole('heading', { name: 'Importazione completata' })).toBeVisible();
    await expect(detailValue(panel, 'Righe lette')).toHaveText(italianCount(expected.read));
    await expect(detailValue(panel, 'Farmacie nuove')).toHaveText(italianCount(expected.imported));
    await expect(detailValue(panel, 'Farmacie aggiornate')).toHaveText('0');
    await expect(detailValue(panel, 'Righe scartate')).toHaveText(italianCount(expected.skipped));
    await expect(detailValue(panel, 'Senza coordinate valide')).toHaveText(italianCount(expected.withoutCoordinates));
    await expect(panel.getByRole('listitem')).toHaveText([
      `farmacia non più attiva (data_fine_validita valorizzata): ${italianCount(expected.skipped)}`,
    ]);
    await expect(panel.getByRole('progressbar')).toHaveCount(0);
    // While it ran, the bar said how far the import had got.
    const progress = new RegExp(`^Salvate [\\d.]+ di ${italianCount(expected.imported)} farmacie \\(\\d+%\\)$`);
    const seen = await progressTexts();
    expect(
      seen.some((text) => progress.test(text)),
      `progress shown: ${JSON.stringify(seen)}`,
    ).toBe(true);

    // The search now finds the new pharmacy, with its address and coordinates.
    await searchRegistry(page, name.toLowerCase());
    await expect(registryPanel(page).getByText('1 farmacia trovata', { exact: true })).toBeVisible();
    const card = registryPanel(page).getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(name);
    await expect(detailValue(card, 'Indirizzo')).toHaveText('VIA DELLE PROVE 42, 20121 MILANO');
    await expect(detailValue(card, 'Provincia')).toHaveText('MI, LOMBARDIA');
    await expect(detailValue(card, 'Latitudine')).toHaveText('45.464211');
    await expect(detailValue(card, 'Longitudine')).toHaveText('9.191383');
  });

  test('un file in Windows-1252 con righe errate: il resoconto dice la codifica e le righe scartate', async ({ page }) => {
    const run = randomUUID().slice(0, 8).toUpperCase();
    const name = `FARMACIA CITTÀ ${run}`;
    const { csv } = registryFile(name);
    // A Windows-1252 file has no UTF-8 byte-order mark.
    const [header = '', ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // Row 2 gets an impossible start date, row 3 a NUL byte in its name; the rest (with À in one name) is good.
    const broken = rows.map((line, index) => {
      if (index === 0) {
        const fields = line.split(';');
        fields[REGISTRY_COLUMNS.indexOf('data_inizio_validita')] = '31/02/2020';
        return fields.join(';');
      }
      if (index === 1) return line.replace('FARMACIA ', 'FARMACIA\u0000');
      return line;
    });
    const bytes = Buffer.from(`${[header, ...broken].join('\r\n')}\r\n`, 'latin1');
    await openPharmacies(page);

    const panel = importPanel(page);
    await panel
      .getByLabel('File CSV del Ministero', { exact: true })
      .setInputFiles({ name: 'farmacie-windows.csv', mimeType: 'text/csv', buffer: bytes });
    await panel.getByRole('button', { name: 'Importa', exact: true }).click();

    await expect(panel.getByRole('heading', { name: 'Importazione completata' })).toBeVisible();
    await expect(panel.getByText('Codifica del file: Windows-1252 (Latin-1)')).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Righe con errori, non importate (2)' })).toBeVisible();
    await expect(
      panel.getByText('Riga 2: data impossibile o non nel formato GG/MM/AAAA nella colonna data_inizio_validita: "31/02/2020"'),
    ).toBeVisible();
    await expect(panel.getByText('Riga 3: carattere non ammesso (NUL) nella colonna descrizione_farmacia')).toBeVisible();

    await searchRegistry(page, name.toLowerCase());
    await expect(registryPanel(page).getByRole('article').getByRole('heading', { level: 3 })).toHaveText(name);
  });

  test('un file di un altro formato mostra un errore e non importa nulla', async ({ page }) => {
    const name = `FARMACIA ALTRO FORMATO ${randomUUID().slice(0, 8).toUpperCase()}`;
    const csv = `denominazione;indirizzo;comune;latitudine;longitudine\r\n${name};VIA ROMA 1;TORINO;45,07;7,68\r\n`;
    await openPharmacies(page);

    const panel = importPanel(page);
    await panel
      .getByLabel('File CSV del Ministero', { exact: true })
      .setInputFiles({ name: 'altro-formato.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await panel.getByRole('button', { name: 'Importa', exact: true }).click();

    const alert = panel.getByRole('alert');
    await expect(alert).toContainText('Importazione non riuscita');
    await expect(alert).toContainText("Il file non ha il formato dell'elenco farmacie del Ministero della Salute");
    await expect(alert).toContainText('Nessun dato è stato importato.');
    await expect(panel.getByRole('heading', { name: 'Importazione completata' })).toHaveCount(0);
    // The button is ready for another file.
    await expect(panel.getByRole('button', { name: 'Importa', exact: true })).toBeEnabled();

    await searchRegistry(page, name);
    await expect(registryPanel(page).getByText('Nessuna farmacia trovata.', { exact: true })).toBeVisible();
    await expect(registryPanel(page).getByRole('article')).toHaveCount(0);
  });
});

// ------------------------------------------------------------------ /farmacie: an owner's map position

test("l'amministratore imposta le coordinate di un titolare e le sue offerte si spostano", async ({
  page,
  request,
  createAccount,
}) => {
  const owner = await createAccount('titolare');
  const fullName = `${owner.name} ${owner.surname}`;
  const asOwner = await bearer(request, owner.email);
  const created = await request.post('/api/offers/create/', {
    headers: asOwner,
    data: {
      title: 'Turno serale E2E',
      description: 'Copertura del turno serale, 19:00-23:00.',
      salary: '',
      date_from: null,
      date_to: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: offerId } = (await created.json()) as { id: number };
  const offerPosition = async () => {
    const response = await request.get('/api/offers/', { headers: asOwner });
    expect(response.status()).toBe(200);
    const offer = ((await response.json()) as { id: number; lat: number | null; lng: number | null }[]).find(
      (o) => o.id === offerId,
    );
    return offer && { lat: offer.lat, lng: offer.lng };
  };
  const target = { lat: 45.070312, lng: 7.686856 };
  // Until an admin sets the owner's position, the offer sits at the centre of the pharmacy's comune.
  const before = await offerPosition();
  expect(before).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
  expect(before).not.toEqual(target);

  await openPharmacies(page);
  const owners = page.getByRole('region', { name: 'Utenti Titolari' });
  await owners.getByRole('searchbox', { name: 'Cerca un titolare' }).fill(owner.email);
  await expect(owners.getByText('1 titolare', { exact: true })).toBeVisible();
  const card = owners.getByRole('button', { name: new RegExp(`^${fullName}`) });
  await expect(card).toContainText(owner.denominazione_farmacia);
  await expect(card).toContainText(owner.telephone);
  // Not set: the one word for a missing value.
  await expect(card).toContainText('Coordinate: N/D');

  // Not set yet: the dialog proposes the centre of the pharmacy's comune.
  await card.click();
  const dialog = page.getByRole('dialog', { name: `Coordinate di ${fullName}` });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(`Coordinate non ancora impostate: sono proposte quelle del centro del comune di ${owner.comune_farmacia}.`),
  ).toBeVisible();
  const latitude = dialog.getByRole('textbox', { name: 'Latitudine', exact: true });
  const longitude = dialog.getByRole('textbox', { name: 'Longitudine', exact: true });
  await expect(latitude).not.toHaveValue('');
  await expect(longitude).not.toHaveValue('');

  await latitude.fill(String(target.lat));
  await longitude.fill(String(target.lng));
  await dialog.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(page.getByText('Latitudine e longitudine sono state aggiornate!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(`${target.lat}, ${target.lng}`);
  // The offers of this owner now sit where the admin put them.
  expect(await offerPosition()).toEqual(target);

  // A latitude out of range is refused on the spot: the dialog stays open and nothing changes.
  await card.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Coordinate impostate per questo titolare.')).toBeVisible();
  await expect(latitude).toHaveValue(String(target.lat));
  await latitude.fill('95');
  await dialog.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(dialog.getByText('La latitudine deve essere compresa tra -90 e 90.')).toBeVisible();
  await expect(latitude).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  // An empty coordinate is missing, and the message says so.
  await latitude.fill('');
  await dialog.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(dialog.getByText('La latitudine è obbligatoria.')).toBeVisible();
  await expect(latitude).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Annulla', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(`${target.lat}, ${target.lng}`);
  expect(await offerPosition()).toEqual(target);
});

// ------------------------------------------------------------------ /utenti

async function openUsers(page: Page): Promise<void> {
  await logIn(page, DEMO_ACCOUNTS.admin);
  await page.goto('/utenti');
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco Utenti' })).toBeVisible();
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Utenti registrati' });
const bodyRows = (page: Page) => usersTable(page).getByRole('rowgroup').nth(1).getByRole('row');
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Paginazione' });
const cellTexts = (page: Page, column: number) =>
  bodyRows(page)
    .locator(`td:nth-child(${column + 1})`)
    .allInnerTexts();

/** Shows only the rows matching the user's e-mail, and checks it is the only one. */
async function findUser(page: Page, email: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Cerca utenti' }).fill(email);
  await expect(page.getByRole('status').filter({ hasText: /utent/ })).toHaveText('1 utente');
  await expect(bodyRows(page)).toHaveCount(1);
  const row = bodyRows(page).first();
  await expect(row.getByRole('button', { name: email, exact: true })).toBeVisible();
  return row;
}

test.describe('elenco utenti', () => {
  test("l'amministratore sfoglia le pagine, filtra per ruolo e cerca per e-mail", async ({ page, createAccount }) => {
    // Enough users for a second page, whoever else is registered.
    const pharmacists = await Promise.all(Array.from({ length: 21 }, () => createAccount('farmacista')));
    const someone = pharmacists[7];
    if (!someone) throw new Error('no pharmacist');
    await openUsers(page);

    const table = usersTable(page);
    await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Username', 'Ruolo', 'Regione preferita']);
    await expect(bodyRows(page)).toHaveCount(20);
    const countText = await page
      .getByRole('status')
      .filter({ hasText: /^\d+ utenti$/ })
      .textContent();
    const pages = Math.ceil(Number.parseInt(countText ?? '', 10) / 20);
    expect(pages).toBeGreaterThanOrEqual(2);
    const nav = pagination(page);
    await expect(nav).toContainText(`Pagina 1 di ${pages}`);
    const previous = nav.getByRole('button', { name: /Precedente/ });
    const next = nav.getByRole('button', { name: /Successiva/ });
    await expect(previous).toBeDisabled();

    const firstPageIds = (await cellTexts(page, 0)).map(Number);
    await next.click();
    await expect(nav).toContainText(`Pagina 2 di ${pages}`);
    await expect(previous).toBeEnabled();
    await expect.poll(async () => Number((await cellTexts(page, 0))[0])).toBeGreaterThan(Math.max(...firstPageIds));
    await previous.click();
    await expect(nav).toContainText(`Pagina 1 di ${pages}`);
    await expect.poll(async () => (await cellTexts(page, 0)).map(Number)).toEqual(firstPageIds);

    // Only owners.
    await page.getByRole('combobox', { name: 'Ruolo', exact: true }).selectOption('titolare');
    await expect.poll(async () => [...new Set(await cellTexts(page, 2))]).toEqual(['Titolare']);
    await expect(nav).toContainText(/Pagina 1 di \d+/);

    // Every role again, and one user by e-mail.
    await page.getByRole('combobox', { name: 'Ruolo', exact: true }).selectOption('');
    await findUser(page, someone.email);
    await expect(nav).toContainText('Pagina 1 di 1');
    await expect(next).toBeDisabled();
    expect(await cellTexts(page, 2)).toEqual(['Farmacista']);
    expect(await cellTexts(page, 3)).toEqual(['Lombardia']);

    // The row opens the user's details.
    await bodyRows(page).first().getByRole('cell').first().click();
    const dialog = page.getByRole('dialog', { name: 'Dettagli utente' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: someone.email, exact: true })).toBeVisible();
    await expect(detailValue(dialog, 'Nome')).toHaveText(someone.name);
    await expect(detailValue(dialog, 'Cognome')).toHaveText(someone.surname);
    await expect(detailValue(dialog, 'Data di nascita')).toHaveText('21/04/1988');
    await expect(detailValue(dialog, 'Telefono')).toHaveText(someone.telephone);
    await expect(detailValue(dialog, 'Comune di residenza')).toHaveText('Milano');
    await expect(detailValue(dialog, "Numero di iscrizione all'albo")).toHaveText(someone.numero_iscrizione_albo);
    await expect(detailValue(dialog, 'Titolo di studio')).toHaveText(someone.titolo);
    await expect(detailValue(dialog, 'Curriculum')).toHaveText('Nessun CV caricato.');
    await dialog.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('i dettagli di un farmacista con CV hanno il link al suo CV, che si apre', async ({ page, request }) => {
    await openUsers(page);
    const row = await findUser(page, DEMO_ACCOUNTS.farmacistaConCv);
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Dettagli utente' });
    await expect(detailValue(dialog, 'Nome')).toHaveText('Giulia');
    await expect(detailValue(dialog, 'Cognome')).toHaveText('Bianchi');
    const cvLink = dialog.getByRole('link', { name: /^Visualizza CV/ });
    await expect(cvLink).toHaveAttribute('target', '_blank');
    const href = await cvLink.getAttribute('href');
    if (!href) throw new Error('the CV link has no address');

    const cv = await request.get(href);
    expect(cv.status()).toBe(200);
    expect(cv.headers()['content-type']).toBe('application/pdf');
    expect((await cv.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

// ------------------------------------------------------------------ the admin dashboard

/** A chart's numbers, from the table that goes with it: label → count. */
async function chartData(page: Page, title: string): Promise<Map<string, number>> {
  const rows = page.getByRole('table', { name: title }).getByRole('rowgroup').nth(1).getByRole('row');
  const data = new Map<string, number>();
  for (const row of await rows.all()) {
    data.set((await row.getByRole('rowheader').textContent()) ?? '', Number(await row.getByRole('cell').textContent()));
  }
  return data;
}

const statValue = async (page: Page, label: string) =>
  Number((await detailValue(page.locator('main'), label).textContent())?.replaceAll('.', ''));
const sum = (data: Map<string, number>) => [...data.values()].reduce((a, b) => a + b, 0);

test("la dashboard dell'amministratore mostra la panoramica e porta alle sue pagine", async ({ page, request }) => {
  const asAdmin = await bearer(request, DEMO_ACCOUNTS.admin);
  const registrySize = async () => {
    const response = await request.get('/api/admin/overview/', { headers: asAdmin });
    return ((await response.json()) as { pharmacies: number }).pharmacies;
  };
  // Imports running meanwhile only ever add pharmacies: the count shown lies between these two.
  const before = await registrySize();
  await logIn(page, DEMO_ACCOUNTS.admin);
  await expectDashboardOf(page, 'admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Panoramica' })).toBeVisible();
  for (const title of ['Utenti per ruolo', 'Offerte aperte per regione', 'Candidature per settimana']) {
    await expect(page.getByRole('figure', { name: title })).toBeVisible();
  }
  const pharmacies = await statValue(page, 'Farmacie nel registro');
  const after = await registrySize();
  expect(pharmacies).toBeGreaterThanOrEqual(Math.max(before, 400));
  expect(pharmacies).toBeLessThanOrEqual(after);

  const roles = await chartData(page, 'Utenti per ruolo');
  expect([...roles.keys()]).toEqual(['Farmacisti', 'Titolari', 'Amministratori']);
  // The demo's admin and the one the test server creates for the two-step login journey (e2e/support/serve.ts).
  expect(roles.get('Amministratori')).toBe(2);
  expect(roles.get('Farmacisti')).toBeGreaterThanOrEqual(2);
  expect(roles.get('Titolari')).toBeGreaterThanOrEqual(2);
  expect(await statValue(page, 'Utenti registrati')).toBe(sum(roles));

  // The demo's open offers: two in Milan, one in Rome.
  const offers = await chartData(page, 'Offerte aperte per regione');
  expect(offers.get('Lombardia')).toBeGreaterThanOrEqual(2);
  expect(offers.get('Lazio')).toBeGreaterThanOrEqual(1);
  expect(await statValue(page, 'Offerte aperte')).toBe(sum(offers));

  const weeks = await chartData(page, 'Candidature per settimana');
  expect(weeks.size).toBe(12);
  expect(await statValue(page, 'Candidature nelle ultime 12 settimane')).toBe(sum(weeks));

  await page.getByRole('button', { name: 'Tutte le farmacie', exact: true }).click();
  await expect(page).toHaveURL('/farmacie');
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacie e titolari' })).toBeVisible();
  await page.getByRole('link', { name: 'Torna alla Home' }).click();
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Utenti', exact: true }).click();
  await expect(page).toHaveURL('/utenti');
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco Utenti' })).toBeVisible();
});

/** Accessibility: no WCAG 2.1 A/AA violation, of any impact, on the account and admin pages, on a desktop and on a phone. */
import { DEMO_ACCOUNTS, logIn } from './support/accounts';
import { apiToken } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/test';

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`accessibilità a ${viewport.width} px`, () => {
    // Each journey runs axe on several full pages (the admin's hold thousands of map and list nodes): up to a
    // minute of CPU on a busy 2-core machine, so these journeys get three times the usual time.
    test.describe.configure({ timeout: 180_000 });
    test.use({ viewport });

    test('pagine pubbliche: benvenuto, login, registrazione, recupero password', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Benvenuto!' })).toBeVisible();
      await expectNoViolations(page, '/welcome');

      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
      await expectNoViolations(page, '/login');

      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1, name: 'Registrazione' })).toBeVisible();
      await expectNoViolations(page, '/register');
      // Submitted empty: every required field marked, with its message.
      await page.getByRole('button', { name: 'Registrati', exact: true }).click();
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, '/register (campi da compilare)');
      // With the role chosen, the role's own fields are on the form too.
      await page.getByLabel('Ruolo', { exact: true }).selectOption('farmacista');
      await expect(page.getByRole('textbox', { name: /^Numero di iscrizione all.albo$/ })).toBeVisible();
      await expectNoViolations(page, '/register (farmacista)');
      await page.getByLabel('Ruolo', { exact: true }).selectOption('titolare');
      await expect(page.getByRole('combobox', { name: 'Cerca la tua farmacia', exact: true })).toBeVisible();
      await expectNoViolations(page, '/register (titolare)');

      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { level: 1, name: 'Ripristina la tua password' })).toBeVisible();
      await expectNoViolations(page, '/forgot-password');
    });

    for (const role of ['farmacista', 'titolare'] as const) {
      test(`dashboard e profilo di un ${role}`, async ({ page, signIn }) => {
        const account = await signIn(role);
        await expect(page.getByRole('heading', { level: 1, name: `Benvenuto, ${account.name}!` })).toBeVisible();
        await expectNoViolations(page, `dashboard (${role})`);

        // The question before throwing away an unsaved description.
        await page.getByRole('button', { name: 'Modifica Descrizione', exact: true }).click();
        const description = page.getByRole('dialog', { name: 'Aggiorna la tua descrizione' });
        await description.getByRole('textbox', { name: 'Descrizione personale:' }).fill('Una bozza');
        await page.keyboard.press('Escape');
        const discardQuestion = page.getByRole('alertdialog', { name: 'Vuoi uscire senza salvare?' });
        await expect(discardQuestion).toBeVisible();
        await expectNoViolations(page, `dashboard (${role}): uscire senza salvare la descrizione?`);
        await discardQuestion.getByRole('button', { name: 'Esci senza salvare', exact: true }).click();
        await expect(description).toBeHidden();

        await page.goto('/profile');
        await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
        await expectNoViolations(page, `/profile (${role})`);

        // The same question when leaving the profile with a change.
        await page.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Bozza');
        await page.getByRole('link', { name: /Torna alla Home/ }).click();
        await expect(discardQuestion).toBeVisible();
        await expectNoViolations(page, `/profile (${role}): uscire senza salvare?`);
        await discardQuestion.getByRole('button', { name: 'Continua a modificare', exact: true }).click();
        await expect(discardQuestion).toBeHidden();
      });
    }

    test("pagine dell'amministratore: panoramica, farmacie e titolari, utenti", async ({ page }) => {
      await logIn(page, DEMO_ACCOUNTS.admin);
      await expect(page.getByRole('figure', { name: 'Utenti per ruolo' })).toBeVisible();
      await expectNoViolations(page, 'dashboard (admin)');

      await page.goto('/farmacie');
      await page.getByRole('searchbox', { name: 'Cerca una farmacia' }).fill('farmacia');
      await expect(page.getByRole('region', { name: "Risultati: Farmacie d'Italia" }).getByRole('article').first()).toBeVisible();
      const ownerCard = page.getByRole('region', { name: 'Risultati: Utenti Titolari' }).getByRole('button').first();
      await expect(ownerCard).toBeVisible();
      await expect(page.getByText(/farmacie con coordinate/)).toBeVisible();
      await expectNoViolations(page, '/farmacie');
      // The coordinates dialog, closed without saving.
      await ownerCard.click();
      const locationDialog = page.getByRole('dialog', { name: /^Coordinate di / });
      await expect(locationDialog.getByRole('textbox', { name: 'Latitudine', exact: true })).toBeVisible();
      await expectNoViolations(page, '/farmacie (coordinate di un titolare)');
      await locationDialog.getByRole('button', { name: 'Annulla', exact: true }).click();
      await expect(locationDialog).toBeHidden();

      await page.goto('/utenti');
      const firstUser = page.getByRole('table', { name: 'Utenti registrati' }).getByRole('button').first();
      await expect(firstUser).toBeVisible();
      await expectNoViolations(page, '/utenti');
      await firstUser.click();
      const detailsDialog = page.getByRole('dialog', { name: 'Dettagli utente' });
      await expect(detailsDialog.getByText('ID utente', { exact: true })).toBeVisible();
      await expectNoViolations(page, '/utenti (dettagli utente)');
    });

    test('trovare il turno: la pagina pubblica di un’offerta, la ricerca con i filtri, Avvisami e le ricerche salvate', async ({
      page,
      request,
      signIn,
    }) => {
      // The demo's offers are public: the first one the list answers has its own page, read logged out.
      const offers = await request.get('/api/offers/?sort=date', {
        headers: { authorization: `Bearer ${await apiToken(request, DEMO_ACCOUNTS.farmacista)}` },
      });
      const [first] = (await offers.json()) as { id: number; title: string }[];
      expect(first, 'a demo offer').toBeTruthy();
      await page.goto(`/offerte/${first?.id}`);
      await expect(page.getByRole('heading', { level: 1, name: first?.title })).toBeVisible();
      await expectNoViolations(page, '/offerte/:id');
      await page.goto('/offerte/999999');
      await expect(page.getByRole('heading', { level: 1, name: 'Offerta non trovata' })).toBeVisible();
      await expectNoViolations(page, '/offerte/:id (non trovata)');

      await signIn('farmacista');
      await page.goto('/cerca_offerte?near=Milano&radius_km=50&min_pay=10&sort=distance');
      await expect(page.getByRole('button', { name: 'Filtri (2)', exact: true })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /offert/ })).toBeVisible();
      await expectNoViolations(page, '/cerca_offerte (vicino a Milano)');
      await page.getByRole('button', { name: 'Filtri (2)', exact: true }).click();
      const filters = page.getByRole('dialog', { name: 'Filtra le offerte' });
      await expect(filters.getByRole('combobox', { name: 'Vicino a (comune)' })).toHaveValue('Milano');
      await expectNoViolations(page, '/cerca_offerte (filtri)');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Avvisami', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Avvisami delle nuove offerte' })).toBeVisible();
      await expectNoViolations(page, '/cerca_offerte (Avvisami)');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Ricerche salvate/ }).click();
      await expect(page.getByRole('dialog', { name: 'Ricerche salvate' })).toBeVisible();
      await expectNoViolations(page, '/cerca_offerte (ricerche salvate)');
    });
  });
}

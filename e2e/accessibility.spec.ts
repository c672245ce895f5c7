/**
 * Accessibility: no WCAG 2.1 A/AA violation, of any impact, on every screen of the router and its main dialogs, on a
 * desktop and on a phone. The pages are grouped by who sees them; the demo's Rome owner, Marta and the admin are only
 * read (a dialog is opened and closed, nothing is sent), the dialogs that write go with accounts of their own.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, startSession } from './support/accounts';
import { apiToken, applyThroughApi, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { makePdf } from './support/files';
import { expect, test } from './support/test';

/** The demo's pharmacist with accepted, worked and reviewed shifts (read only). */
const MARTA = 'marta.russo@farmaponte.it';

/** A user's id, as GET /api/user/details/ answers it (setup). */
async function userId(request: APIRequestContext, email: string): Promise<number> {
  const response = await request.get('/api/user/details/', {
    headers: { authorization: `Bearer ${await apiToken(request, email)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

/** Opens a dialog (or a question) with `open`, checks it, closes it with Escape: nothing is sent. */
async function checkDialog(page: Page, open: () => Promise<void>, label: string) {
  await open();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, label);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** What the page asked for has come: no spinner left. */
async function loaded(page: Page) {
  await expect(page.getByRole('status', { name: 'Caricamento...' })).toHaveCount(0);
}

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

    test('pagine pubbliche: nuova password, conferma email, termini, privacy, conserva, accesso negato, pagina non trovata', async ({
      page,
    }) => {
      await page.goto('/reset-password/un-link-di-prova');
      await expect(page.getByRole('heading', { level: 1, name: 'Scegli una nuova password' })).toBeVisible();
      await expectNoViolations(page, '/reset-password/:token');

      await page.goto('/conferma-email/un-link-sconosciuto');
      await expect(page.getByRole('heading', { level: 1, name: "Non è stato possibile confermare l'indirizzo" })).toBeVisible();
      await expectNoViolations(page, '/conferma-email/:token (link sconosciuto)');

      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1, name: "Termini e Condizioni d'uso" })).toBeVisible();
      await expectNoViolations(page, '/terms');

      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1, name: 'Informativa sulla Privacy' })).toBeVisible();
      await expectNoViolations(page, '/privacy');

      await page.goto('/conserva?token=un-link-sconosciuto');
      await expect(page.getByRole('alert')).toContainText('Questo link non è valido oppure è già stato usato');
      await expectNoViolations(page, '/conserva (link sconosciuto)');

      await page.goto('/unauthorized');
      await expect(page.getByRole('heading', { level: 1, name: 'Accesso Negato' })).toBeVisible();
      await expectNoViolations(page, '/unauthorized');

      await page.goto('/una-pagina-che-non-esiste');
      await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
      await expectNoViolations(page, 'pagina non trovata');
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

        // The role's own dialog on the dashboard: the CV's, or a new offer's.
        const [action, dialogName] =
          role === 'farmacista' ? ['Aggiorna CV', 'Carica il tuo CV'] : ['Crea Offerta', 'Crea una Nuova Offerta'];
        await page.getByRole('button', { name: action, exact: true }).click();
        const roleDialog = page.getByRole('dialog', { name: dialogName });
        await expect(roleDialog.getByRole('button').last()).toBeVisible();
        await expectNoViolations(page, `dashboard (${role}): ${dialogName}`);
        await page.keyboard.press('Escape');
        await expect(roleDialog).toBeHidden();

        await page.goto('/profile');
        await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
        await expectNoViolations(page, `/profile (${role})`);
        for (const [button, question] of [
          ['Esci da tutti i dispositivi', 'Vuoi uscire da tutti i dispositivi?'],
          ['Elimina Account', 'Sei sicuro di voler eliminare il tuo profilo?'],
        ] as const)
          await checkDialog(
            page,
            () => page.getByRole('button', { name: button, exact: true }).click(),
            `/profile (${role}): ${question}`,
          );

        // The same question when leaving the profile with a change.
        await page.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Bozza');
        await page.getByRole('link', { name: /Torna alla Home/ }).click();
        await expect(discardQuestion).toBeVisible();
        await expectNoViolations(page, `/profile (${role}): uscire senza salvare?`);
        await discardQuestion.getByRole('button', { name: 'Continua a modificare', exact: true }).click();
        await expect(discardQuestion).toBeHidden();
      });
    }

    test('le pagine di una farmacista: candidature, disponibilità, turni, fatture, recensioni, notifiche', async ({
      page,
      request,
    }) => {
      await startSession(page, MARTA);

      await page.goto('/mie_candidature');
      await expect(page.getByRole('heading', { level: 2, name: 'Candidature inviate' })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/mie_candidature');
      await checkDialog(
        page,
        () => page.getByRole('button', { name: 'Ritira candidatura', exact: true }).first().click(),
        '/mie_candidature: ritirare la candidatura?',
      );
      await checkDialog(
        page,
        () =>
          page
            .getByRole('button', { name: /^Segnala l'offerta / })
            .first()
            .click(),
        "/mie_candidature: segnala l'offerta",
      );

      await page.goto('/disponibilita');
      await expect(page.getByRole('grid')).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/disponibilita');
      // A day's parts (morning, afternoon, night): a menu, closed without choosing.
      await page
        .getByRole('button', { name: /^Parti del giorno, / })
        .last()
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoViolations(page, '/disponibilita: le parti di un giorno');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();

      await page.goto('/miei_turni');
      await expect(page.getByRole('heading', { level: 2, name: 'Totale del mese' })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/miei_turni (farmacista)');

      await page.goto('/fatture');
      await expect(page.getByRole('heading', { level: 2, name: 'Da fatturare' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Fatture emesse' })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/fatture');

      await page.goto('/recensioni');
      await expect(page.getByRole('heading', { level: 2, name: 'Le mie recensioni' })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/recensioni (farmacista)');

      // The Rome owner's published reviews, as a pharmacist reads them.
      await page.goto(`/recensioni/utente/${await userId(request, DEMO_ACCOUNTS.titolareRoma)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Recensioni ricevute' })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/recensioni/utente/:id');

      await page.goto('/notifiche');
      await expect(page.getByRole('heading', { level: 1, name: 'Notifiche' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoViolations(page, '/notifiche (farmacista)');
    });

    test('le pagine di un titolare: offerte, candidature con i conteggi, farmacisti, turni, fatture ricevute, recensioni, notifiche', async ({
      page,
    }) => {
      await startSession(page, DEMO_ACCOUNTS.titolareRoma);

      await page.goto('/mie_offerte');
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.getByText('Inviti inviati').first().click();
      await loaded(page);
      await expectNoViolations(page, '/mie_offerte (inviti aperti)');
      const openOffer = page
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: 'Chiudi offerta', exact: true }) });
      await checkDialog(
        page,
        () => openOffer.first().getByRole('button', { name: 'Modifica', exact: true }).click(),
        "/mie_offerte: modifica di un'offerta",
      );
      await checkDialog(
        page,
        () => openOffer.first().getByRole('button', { name: 'Chiudi offerta', exact: true }).click(),
        "/mie_offerte: chiudere l'offerta?",
      );
      await checkDialog(
        page,
        () => openOffer.first().getByRole('button', { name: 'Elimina', exact: true }).click(),
        "/mie_offerte: eliminare l'offerta?",
      );

      // Every status with its count, the chosen one highlighted.
      await page.goto('/candidature');
      const counts = page.getByRole('navigation', { name: 'Candidature per stato' });
      await expect(counts.getByRole('link', { name: /^Accettata: \d+ candidatur/ })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/candidature');
      await counts.getByRole('link', { name: /^Accettata: / }).click();
      await expect(counts.getByRole('link', { name: /^Accettata: / })).toHaveAttribute('aria-current', 'page');
      await loaded(page);
      await expectNoViolations(page, '/candidature (accettate)');
      const accepted = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Non si è presentato' }) });
      await checkDialog(
        page,
        () => accepted.first().getByRole('button', { name: 'Non si è presentato' }).click(),
        '/candidature: segnalare la mancata presenza?',
      );
      // A shift whose last day has passed can no longer be cancelled: the dialog is one still to come (or under way).
      const cancellable = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Annulla accettazione' }) });
      await checkDialog(
        page,
        () => cancellable.first().getByRole('button', { name: 'Annulla accettazione' }).click(),
        "/candidature: annullare l'accettazione?",
      );
      await checkDialog(
        page,
        () =>
          accepted
            .first()
            .getByRole('button', { name: /^Segnala / })
            .click(),
        '/candidature: segnala questa persona',
      );
      await page.goto('/candidature?status=seen');
      await checkDialog(
        page,
        () => page.getByRole('article').first().getByRole('button', { name: 'Accetta', exact: true }).click(),
        '/candidature: accettare la candidatura?',
      );

      await page.goto('/cerca_farmacisti');
      await expect(page.getByRole('button', { name: /^Invita / }).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Mappa dei farmacisti disponibili' })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/cerca_farmacisti');
      await checkDialog(
        page,
        () =>
          page
            .getByRole('button', { name: /^Invita / })
            .first()
            .click(),
        '/cerca_farmacisti: invita',
      );

      await page.goto('/miei_farmacisti');
      await expect(page.getByRole('heading', { level: 1, name: 'I miei farmacisti' })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/miei_farmacisti');

      await page.goto('/miei_turni');
      await expect(page.getByRole('heading', { level: 2, name: 'Totale del mese' })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/miei_turni (titolare)');

      await page.goto('/fatture_ricevute');
      await expect(page.getByRole('heading', { level: 2, name: "Fatture dell'anno" })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/fatture_ricevute');

      await page.goto('/gruppo');
      await expect(page.getByRole('heading', { level: 2, name: 'Totali del gruppo' })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/gruppo');

      await page.goto('/recensioni');
      await expect(page.getByRole('heading', { level: 2, name: 'Le mie recensioni' })).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/recensioni (titolare)');

      await page.goto('/notifiche');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoViolations(page, '/notifiche (titolare)');
    });

    test('i messaggi di una candidatura, dai due lati', async ({ page, request, createAccount }) => {
      const owner = await createAccount('titolare');
      const pharmacist = await createAccount('farmacista', { name: 'Irene' });
      const ownerToken = await apiToken(request, owner.email);
      const pharmacistToken = await apiToken(request, pharmacist.email);
      await uploadCvThroughApi(request, pharmacistToken, await makePdf('Curriculum vitae'));
      const title = `Turno accessibile ${Date.now()}`;
      const offerId = await createOfferThroughApi(request, ownerToken, {
        title,
        description: 'Banco e dispensazione.',
        salary: '20 €/ora',
        date_from: null,
        date_to: null,
      });
      await applyThroughApi(request, pharmacistToken, offerId);

      await startSession(page, owner.email);
      await page.goto('/candidature');
      const card = page.getByRole('article').filter({ hasText: title });
      await checkDialog(
        page,
        () => card.getByRole('button', { name: /^Messaggi/ }).click(),
        '/candidature: messaggi con il farmacista',
      );

      await startSession(page, pharmacist.email);
      await page.goto('/mie_candidature');
      const sent = page.getByRole('article').filter({ hasText: title });
      await checkDialog(
        page,
        () => sent.getByRole('button', { name: /^Messaggi/ }).click(),
        '/mie_candidature: messaggi con la farmacia',
      );
    });

    test("pagine dell'amministratore: verifiche, segnalazioni, registro attività", async ({ page }) => {
      await startSession(page, DEMO_ACCOUNTS.admin);

      await page.goto('/verifiche');
      const request = page.getByRole('article').filter({ hasText: DEMO_ACCOUNTS.farmacista });
      await expect(request).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/verifiche');
      await checkDialog(
        page,
        () => request.getByRole('button', { name: 'Rifiuta', exact: true }).click(),
        '/verifiche: rifiutare?',
      );

      await page.goto('/segnalazioni');
      const group = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Archivia', exact: true }) });
      await expect(group.first()).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/segnalazioni');
      await checkDialog(
        page,
        () => group.first().getByRole('button', { name: 'Archivia', exact: true }).click(),
        '/segnalazioni: gestisci la segnalazione',
      );

      await page.goto('/registro-attivita');
      await expect(
        page.getByRole('table', { name: 'Attività degli amministratori, dalla più recente' }).getByRole('row').nth(1),
      ).toBeVisible();
      await loaded(page);
      await expectNoViolations(page, '/registro-attivita');
    });

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
      // A pharmacy's pin opens its popup on the map.
      const map = page.getByRole('region', { name: 'Mappa delle offerte' });
      await map
        .getByRole('button', { name: /^Farmacia / })
        .first()
        .click();
      await expect(map.getByRole('button', { name: 'Chiudi', exact: true })).toBeVisible();
      await expect(map.getByRole('button', { name: 'Ingrandisci', exact: true })).toBeVisible();
      await expectNoViolations(page, '/cerca_offerte (la mappa, una farmacia aperta)');
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

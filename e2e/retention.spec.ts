/**
 * Journey: the keep link of a retention warning (decision 068), and the privacy page's periods. The warning itself is
 * made by the daily job, which the browser cannot start on the test server: the page's answers for a live token are
 * played here with the API's own shapes, while an unknown link and the periods come from the real server.
 */
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/test';

test('la pagina di conservazione mostra cosa verrà cancellato e conserva con un clic', async ({ page }) => {
  const erasesAt = '2026-12-30T10:00:00.000Z';
  let kept = 0;
  await page.route('**/api/retention/keep/**', async (route) => {
    if (route.request().method() === 'GET') return route.fulfill({ json: { kind: 'account', erases_at: erasesAt } });
    kept += 1;
    expect(route.request().postDataJSON()).toEqual({ token: 'gettone-di-prova' });
    return route.fulfill({ json: { kind: 'account', message: 'Fatto: il tuo account resta attivo e non verrà cancellato.' } });
  });
  await page.goto('/conserva?token=gettone-di-prova');
  await expect(page.getByRole('heading', { name: 'Conserva i tuoi dati' })).toBeVisible();
  await expect(page.getByText('verrà cancellato il 30/12/2026')).toBeVisible();
  // Opening the page keeps nothing: only the button does.
  expect(kept).toBe(0);
  await expectNoSeriousViolations(page, 'conserva');
  await page.getByRole('button', { name: 'Conserva il mio account' }).click();
  await expect(page.getByRole('status')).toHaveText('Fatto: il tuo account resta attivo e non verrà cancellato.');
  await expect(page.getByRole('heading', { name: 'Dati conservati' })).toBeVisible();
  expect(kept).toBe(1);
});

test('un link sconosciuto o già usato lo dice in italiano, dal server vero', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/conserva?token=nessuno-lo-conosce');
  await expect(page.getByRole('alert')).toContainText('Questo link non è valido oppure è già stato usato');
  await expect(page.getByRole('link', { name: "Vai all'accesso" })).toBeVisible();
  await expectNoSeriousViolations(page, 'conserva, link sconosciuto');
});

test("l'informativa privacy dice per quanto tempo sono conservati i dati", async ({ page }) => {
  await page.goto('/privacy#conservazione');
  const periods = page.getByTestId('retention-periods');
  await expect(periods).toHaveAttribute('aria-busy', 'false');
  for (const text of [
    'Se non accedi per 24 mesi',
    'Almeno 30 giorni prima',
    'Il CV non aggiornato da 24 mesi',
    "per 90 giorni dopo l'ultimo giorno",
    'Le notifiche lette vengono cancellate 12 mesi',
    "per 30 giorni dopo l'invio",
    'è conservato per 730 giorni',
    'Gli account degli amministratori non vengono cancellati',
  ])
    await expect(periods).toContainText(text);
});

test('senza risposta dal server, la privacy dice i periodi predefiniti', async ({ page }) => {
  await page.route('**/api/privacy/retention/', (route) => route.abort());
  await page.goto('/privacy');
  const periods = page.getByTestId('retention-periods');
  await expect(periods).toContainText('Se non accedi per 24 mesi');
  await expect(periods).toContainText('è conservato per 730 giorni');
});

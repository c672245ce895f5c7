/** Accessibility: no serious or critical WCAG 2.1 A/AA violation on the account pages, on a desktop and on a phone. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`accessibilità a ${viewport.width} px`, () => {
    test.use({ viewport });

    test('pagine pubbliche: login, registrazione, recupero password', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
      await expectNoSeriousViolations(page, '/login');

      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1, name: 'Registrazione' })).toBeVisible();
      await expectNoSeriousViolations(page, '/register');
      // With the role chosen, the role's own fields are on the form too.
      await page.getByLabel('Ruolo', { exact: true }).selectOption('farmacista');
      await expect(page.getByRole('textbox', { name: /^Numero di iscrizione all.albo$/ })).toBeVisible();
      await expectNoSeriousViolations(page, '/register (farmacista)');
      await page.getByLabel('Ruolo', { exact: true }).selectOption('titolare');
      await expect(page.getByRole('textbox', { name: 'Denominazione della farmacia' })).toBeVisible();
      await expectNoSeriousViolations(page, '/register (titolare)');

      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { level: 1, name: 'Ripristina la tua password' })).toBeVisible();
      await expectNoSeriousViolations(page, '/forgot-password');
    });

    for (const role of ['farmacista', 'titolare'] as const) {
      test(`dashboard e profilo di un ${role}`, async ({ page, signIn }) => {
        const account = await signIn(role);
        await expect(page.getByRole('heading', { level: 1, name: `Benvenuto, ${account.name}!` })).toBeVisible();
        await expectNoSeriousViolations(page, `dashboard (${role})`);

        await page.goto('/profile');
        await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
        await expectNoSeriousViolations(page, `/profile (${role})`);
      });
    }
  });
}

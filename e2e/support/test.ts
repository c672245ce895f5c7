/**
 * The `test` of every journey: Playwright's, plus fixtures that give each test its own fresh account, so tests
 * run in parallel on one server without touching each other's (or the demo's) data.
 */
import { test as base } from '@playwright/test';
import { registerThroughApi, startSession, type TAccountOverrides, type TSelfServiceRole, type TTestAccount } from './accounts';

interface TAccountFixtures {
  /** Registers a new account through the API (setup, not the journey under test). */
  createAccount: (role: TSelfServiceRole, overrides?: TAccountOverrides) => Promise<TTestAccount>;
  /** Registers a new account through the API, then starts its session (setup, not the login form) on the dashboard. */
  signIn: (role: TSelfServiceRole, overrides?: TAccountOverrides) => Promise<TTestAccount>;
}

export const test = base.extend<TAccountFixtures>({
  createAccount: async ({ request }, use) => {
    await use((role, overrides) => registerThroughApi(request, role, overrides));
  },
  signIn: async ({ request, page }, use) => {
    await use(async (role, overrides) => {
      const account = await registerThroughApi(request, role, overrides);
      await startSession(page, account.email, account.password);
      return account;
    });
  },
});

export { expect } from '@playwright/test';

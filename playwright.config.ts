import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A journey of one person takes 10–40 s here; on a busy 2-core machine the longer ones near a minute, so two.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // A trace records every step of every journey, kept only for one that fails: locally, to open it. CI keeps
    // nothing but its log, and the recording took about a tenth of the run's CPU there (decision 076).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Chromium's own omnibox popups are pages too (chrome://omnibox-popup.top-chrome/), made and kept in a
        // renderer of their own even headless: without them a run of journeys takes about a fifth less CPU (decision
        // 076). Chromium reads one --disable-features, so this one repeats those Playwright disables (its list in 1.5x).
        '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,msForceBrowserSignIn,msEdgeUpdateLaunchServicesPreferredVersion,WebUIOmniboxPopup,WebUIOmniboxFullPopup,OmniboxAimPopup,WebUIOmniboxAimPopup',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The whole product (API + built web app) on a fresh embedded database, with a real SMTP server beside it.
    command: 'npx tsx e2e/support/serve.ts',
    url: `${baseURL}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
/** The read-only public pages run against one site… */
export const baseURL = `http://localhost:${port}`;
/** …and the journeys that change content (admin, buying, sign-up, leads) against a second one, so
 * what they create never shows up in the public pages' expectations. */
export const journeysURL = `http://localhost:${port + 1}`;
/** The SMTP stand-in (support/smtp.ts) the e2e site sends its e-mail to. */
const smtpPort = port + 1000;

/** One e2e site: a fresh database for every run (this file is also read by workers: no side
 * effects here), demo content, the SMTP and OIDC stand-ins. The build is made beforehand. */
function site(sitePort: number): NonNullable<Extract<PlaywrightTestConfig['webServer'], object[]>>[number] {
  const siteURL = `http://localhost:${sitePort}`;
  const dataDir = path.resolve(import.meta.dirname, `../tmp/e2e-data-${sitePort}`);
  return {
    // A fresh database for every run (the config file is also read by workers: no side effects here).
    command: `rm -rf '${dataDir}' && node ../scripts/start.mjs`,
    url: `${siteURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(sitePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: siteURL,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'e2e-admin-password',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_EMAIL: 'owner@e2e.test',
      // Every journey signs its learners up from this one machine.
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      // Google sign-in against the OIDC stand-in (support/oidc.ts) on E2E_PORT + 2000.
      GOOGLE_CLIENT_ID: 'oasis-e2e-client',
      GOOGLE_CLIENT_SECRET: 'oasis-e2e-secret',
      GOOGLE_ISSUER: `http://127.0.0.1:${port + 2000}`,
      ...(process.env.WEB_BUILD_DIR ? { WEB_BUILD_DIR: process.env.WEB_BUILD_DIR } : {}),
    },
  };
}

export default defineConfig({
  testDir: './tests',
  // Per port, so runs on different ports never delete each other's traces.
  outputDir: `test-results/${port}`,
  // Global setups run after the web server has started; each may return its teardown.
  globalSetup: ['./support/smtp.ts', './support/oidc.ts'],
  fullyParallel: false,
  // The two projects run side by side, each on its own site, one test at a time: the public pages
  // only read, and the journeys change what the next journey sees.
  workers: 2,
  // In CI a failed test runs once more and, if it passes then, is reported as flaky (the list
  // reporter names it) instead of failing the run: a machine busy with other work has twice
  // delayed one step past its timeout. A test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'public',
      testMatch: /(public-.*|caching|smoke)\.spec\.ts$/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL },
    },
    {
      name: 'journeys',
      testIgnore: /(public-.*|caching|smoke)\.spec\.ts$/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: journeysURL },
    },
  ],
  webServer: [site(port), site(port + 1)],
});

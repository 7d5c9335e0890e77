import { defineConfig, devices } from "@playwright/test";
import { envVariableNames } from "./app/modules/config/env.server";
import { serverEnv, serverNodeArgs } from "./server/node-args.js";
import { BASE_URL, DATA_DIR, PORT } from "./tests/e2e/support/env";

/**
 * Browser tests against the production build (`npm run build` first; `npm test` does it), on the
 * system Chromium, with a fresh data directory for every run.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry: a test that passes only on its retry is listed as "flaky" in the report and is a
  // bug to fix, but a real regression fails both attempts and still fails the run.
  retries: 1,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    headless: true,
    // Traces cost a fifth of the run time; ask for them with `--trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
    // Every test starts with the cookie notice answered ("essential only"), so that it never
    // covers what a test clicks; tests/e2e/public-pages.spec.ts clears it to test the notice.
    storageState: {
      cookies: [
        {
          name: "vitrine_cookie_consent",
          value: "ImVzc2VudGlhbCI%3D",
          domain: "localhost",
          path: "/",
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: "Lax",
        },
      ],
      origins: [],
    },
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    command: `rm -rf "${DATA_DIR}" && node ${serverNodeArgs.join(" ")} server/index.js`,
    url: `${BASE_URL}/fr`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...serverEnv,
      // A developer's .env is read by the server, but an empty value set here wins over it: every
      // variable starts at its default, and those below are what the browser tests rely on.
      ...Object.fromEntries(envVariableNames.map((name) => [name, ""])),
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: "warn",
      // A demo install with the outbox mailer, whatever the calling shell has set.
      APP_MODE: "demo",
      // Rate limits stay on, with room for a whole run from one address; the strict defaults
      // are covered by the integration tests.
      RATE_LIMIT_SIGN_IN_MAX: "30",
      RATE_LIMIT_SIGN_UP_MAX: "200",
      RATE_LIMIT_PASSWORD_RESET_MAX: "30",
      RATE_LIMIT_CONTACT_MAX: "100",
    },
  },
});

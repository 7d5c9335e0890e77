import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import {
  spawnServer,
  stopServer,
  untilListening,
  type ServerProcess,
} from "../support/server-process";
import { open } from "./support/app";

// A production site on the test payment provider (ALLOW_TEST_PAYMENTS): its own server process,
// as the shared browser-test server runs in demo mode.
let server: ServerProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await spawnServer({
    APP_MODE: "production",
    ALLOW_TEST_PAYMENTS: "true",
    ALLOW_EMBEDDED_DATABASE: "true",
    SMTP_URL: "smtp://127.0.0.1:2525",
    BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
    INVOICE_ISSUER_NAME: "Boutique Exemple SAS",
    INVOICE_ISSUER_ADDRESS: "1 place du Marché|69001 Lyon|France",
    INVOICE_ISSUER_VAT_NUMBER: "FR12345678901",
    LOG_LEVEL: "warn",
  });
  await untilListening(server, 110_000);
});

test.afterAll(async () => {
  await stopServer(server);
});

test.use({ viewport: { width: 375, height: 740 } });

for (const [path, label, text] of [
  ["/fr", "Paiements de test", "Paiements de test : aucun argent réel n'est débité ni versé"],
  ["/en/marketplace", "Test payments", "Test payments: no real money is charged or paid out"],
] as const) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`${path}, ${colorScheme}: the banner says payments are tests, readable on a phone`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await open(page, `${server.baseUrl}${path}`);
      const banner = page.getByRole("complementary", { name: label });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(text);
      const box = (await banner.boundingBox())!;
      expect(box.x).toBe(0);
      expect(box.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      const results = await new AxeBuilder({ page }).include("aside").analyze();
      expect(
        results.violations.filter((violation) =>
          ["serious", "critical"].includes(violation.impact ?? ""),
        ),
      ).toEqual([]);
    });
  }
}

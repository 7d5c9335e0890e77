import { afterEach, describe, expect, it } from "vitest";
import {
  freePort,
  spawnServer,
  stopServer,
  untilListening,
  type ServerProcess,
} from "../support/server-process";

// A production configuration that passes every rail through its opt-ins.
const production = {
  APP_MODE: "production",
  ALLOW_TEST_PAYMENTS: "true",
  ALLOW_EMBEDDED_DATABASE: "true",
  SMTP_URL: "smtp://127.0.0.1:2525",
  BASE_URL: "https://shop.example.test",
  BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
  INVOICE_ISSUER_NAME: "Boutique Exemple SAS",
  INVOICE_ISSUER_ADDRESS: "1 place du Marché|69001 Lyon|France",
  INVOICE_ISSUER_VAT_NUMBER: "FR12345678901",
};

const bannerFr = "Paiements de test : aucun argent réel n'est débité ni versé sur ce site.";
const bannerEn = "Test payments: no real money is charged or paid out on this site.";

// A first boot (initdb, migrations, seed) takes a while on a busy machine: over a minute has
// been seen with other server processes starting beside it.
const bootTimeoutMs = 150_000;
const listenTimeoutMs = 140_000;

const started: ServerProcess[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map(stopServer));
});

/** The exit code, or "listening" when the server started instead of refusing. */
async function exitOf(env: Record<string, string>) {
  const server = await spawnServer(env);
  started.push(server);
  const code = await Promise.race([
    server.exited,
    untilListening(server, listenTimeoutMs).then(
      () => "listening" as const,
      () => server.exited,
    ),
  ]);
  return { code, output: server.output() };
}

/** The production configuration with these variables unset (an empty value is unset). */
function without(names: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(production).map(([name, value]) => [name, names.includes(name) ? "" : value]),
  );
}

/** Started with BASE_URL on the address the test sends its requests to (no host redirect). */
async function spawnAtItsAddress(env: Record<string, string>) {
  const port = await freePort();
  return spawnServer({ ...env, BASE_URL: `http://127.0.0.1:${port}` }, { port });
}

describe("production rails", () => {
  it(
    "refuses to start with the embedded defaults, naming every missing variable on its own line",
    async () => {
      const { code, output } = await exitOf({ APP_MODE: "production", BASE_URL: "" });
      expect(code).toBe(1);
      for (const name of [
        "STRIPE_SECRET_KEY",
        "SMTP_URL",
        "BASE_URL",
        "BETTER_AUTH_SECRET",
        "INVOICE_ISSUER_NAME",
        "INVOICE_ISSUER_ADDRESS",
        "INVOICE_ISSUER_VAT_NUMBER",
        "DATABASE_URL",
      ]) {
        expect(
          output.filter((line) => line.startsWith(`  ${name}: is required`)),
          name,
        ).toHaveLength(1);
      }
    },
    bootTimeoutMs,
  );

  it.each([
    [["ALLOW_TEST_PAYMENTS"], "STRIPE_SECRET_KEY"],
    [["SMTP_URL"], "SMTP_URL"],
    [["BASE_URL"], "BASE_URL"],
    [["BETTER_AUTH_SECRET"], "BETTER_AUTH_SECRET"],
    [["INVOICE_ISSUER_NAME"], "INVOICE_ISSUER_NAME"],
    [["ALLOW_EMBEDDED_DATABASE"], "DATABASE_URL"],
  ])(
    "without %s, refuses to start naming %s alone",
    async (removed, named) => {
      const { code, output } = await exitOf(without(removed));
      expect(code).toBe(1);
      const namedLines = output.filter((line) => /^ {2}[A-Z_]+: /.test(line));
      expect(namedLines).toHaveLength(1);
      expect(namedLines[0]).toMatch(
        new RegExp(`^  ${named}: is required when APP_MODE=production`),
      );
    },
    bootTimeoutMs,
  );

  it(
    "boots with the opt-ins and says on every page, in both languages, that payments are tests",
    async () => {
      const server = await spawnAtItsAddress(production);
      started.push(server);
      await untilListening(server, listenTimeoutMs);
      // Pages of every kind: home, listing, sign-in, pricing, help, and a page that does not exist.
      for (const [path, text, status] of [
        ["/fr", bannerFr, 200],
        ["/fr/marketplace", bannerFr, 200],
        ["/fr/auth", bannerFr, 200],
        ["/en", bannerEn, 200],
        ["/en/packages-pricing", bannerEn, 200],
        ["/en/support", bannerEn, 200],
        ["/en/no-such-page", bannerEn, 404],
      ] as const) {
        const response = await fetch(`${server.baseUrl}${path}`);
        expect(response.status, path).toBe(status);
        const html = (await response.text()).replaceAll("&#x27;", "'");
        expect(html, path).toContain(text);
        expect(html, path).toMatch(/<aside aria-label="(Paiements de test|Test payments)"/);
      }
    },
    bootTimeoutMs,
  );

  it(
    "boots with Stripe keys without any opt-in for payments, and shows no banner",
    async () => {
      const server = await spawnAtItsAddress({
        ...without(["ALLOW_TEST_PAYMENTS"]),
        STRIPE_SECRET_KEY: "sk_test_rails",
        STRIPE_WEBHOOK_SECRET: "whsec_rails",
      });
      started.push(server);
      await untilListening(server, listenTimeoutMs);
      const html = await (await fetch(`${server.baseUrl}/fr`)).text();
      expect(html).toContain("<main");
      expect(html).not.toContain(bannerFr);
    },
    bootTimeoutMs,
  );
});

import { demoInvoiceIssuer, invoiceIssuerFrom } from "~/modules/billing/invoice-view";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/modules/config/env.server";
import { paymentProviderInfo } from "~/modules/payments/provider-info";

describe("configuration", () => {
  it("runs with nothing set, on embedded defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.APP_MODE).toBe("demo");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.dataDir.endsWith("/data")).toBe(true);
    expect(env.baseUrl).toBe("http://localhost:3000");
    expect(env.AI_API_URL).toBeUndefined();
    expect(env.AI_API_KEY).toBeUndefined();
    expect(env.AI_MODEL).toBe("gpt-4o-mini");
  });

  it("chooses the payment provider from the keys: test provider, Stripe test or live", () => {
    expect(paymentProviderInfo(parseEnv({}))).toEqual({ provider: "test", mode: "test" });
    const stripe = (key: string) =>
      paymentProviderInfo(parseEnv({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: "whsec_x" }));
    expect(stripe("sk_test_abc")).toEqual({ provider: "stripe", mode: "test" });
    expect(stripe("sk_live_abc")).toEqual({ provider: "stripe", mode: "live" });
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ WORKER_PORT: "health" }, "WORKER_PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ APP_MODE: "staging" }, "APP_MODE"],
    [{ APP_MODE: "production" }, "BETTER_AUTH_SECRET"],
    [{ GOOGLE_CLIENT_ID: "id" }, "GOOGLE_CLIENT_SECRET"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ STRIPE_SECRET_KEY: "pk_test_123" }, "STRIPE_SECRET_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_test_123" }, "STRIPE_WEBHOOK_SECRET"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ AI_API_URL: "api.openai.com" }, "AI_API_URL"],
    [{ AI_API_URL: "ftp://api.example.com" }, "AI_API_URL"],
    [{ STORAGE_DRIVER: "nfs" }, "STORAGE_DRIVER"],
    [{ STORAGE_DRIVER: "s3" }, "S3_BUCKET"],
    [{ STORAGE_DRIVER: "s3", S3_BUCKET: "vitrine", S3_ACCESS_KEY_ID: "k" }, "S3_SECRET_ACCESS_KEY"],
    [{ STORAGE_DRIVER: "s3", S3_BUCKET: "vitrine", S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT"],
    [{ S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE"],
    [{ INVOICE_ISSUER_VAT_NUMBER: "12345" }, "INVOICE_ISSUER_VAT_NUMBER"],
  ])("refuses %o, naming %s", (source, name) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}:`));
  });

  it("refuses production on the embedded defaults, one line per missing variable", () => {
    let message = "";
    try {
      parseEnv({ APP_MODE: "production" });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split("\n").slice(1);
    expect(lines.map((line) => line.split(":")[0]!.trim())).toEqual([
      "STRIPE_SECRET_KEY",
      "SMTP_URL",
      "BASE_URL",
      "BETTER_AUTH_SECRET",
      "INVOICE_ISSUER_NAME",
      "INVOICE_ISSUER_ADDRESS",
      "INVOICE_ISSUER_VAT_NUMBER",
      "DATABASE_URL",
    ]);
  });

  it("accepts production with real services, or with the explicit opt-ins", () => {
    const common = {
      APP_MODE: "production",
      SMTP_URL: "smtp://mail.example.test:587",
      BASE_URL: "https://shop.example.test",
      BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
      INVOICE_ISSUER_NAME: "Boutique Exemple SAS",
      INVOICE_ISSUER_ADDRESS: "1 place du Marché|69001 Lyon|France",
      INVOICE_ISSUER_VAT_NUMBER: "FR12345678901",
    };
    expect(
      parseEnv({
        ...common,
        STRIPE_SECRET_KEY: "sk_live_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_abc",
        DATABASE_URL: "postgres://vitrine@db/vitrine",
      }).APP_MODE,
    ).toBe("production");
    const optedIn = parseEnv({
      ...common,
      ALLOW_TEST_PAYMENTS: "true",
      ALLOW_EMBEDDED_DATABASE: "true",
    });
    expect([optedIn.ALLOW_TEST_PAYMENTS, optedIn.ALLOW_EMBEDDED_DATABASE]).toEqual([true, true]);
  });

  it("stops the production server's boot with a message naming the bad variable", () => {
    const result = spawnSync(process.execPath, ["server/index.js"], {
      env: { ...process.env, PORT: "not-a-port", DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toContain("PORT:");
  });
});

describe("the invoice issuer", () => {
  it("comes from the configuration, its address split into lines", () => {
    expect(
      invoiceIssuerFrom({
        INVOICE_ISSUER_NAME: "Atelier Vitrine SARL",
        INVOICE_ISSUER_ADDRESS: " 5 quai des Arts | 33000 Bordeaux|France ",
        INVOICE_ISSUER_VAT_NUMBER: "FR98765432109",
      }),
    ).toEqual({
      name: "Atelier Vitrine SARL",
      address: ["5 quai des Arts", "33000 Bordeaux", "France"],
      vatNumber: "FR98765432109",
    });
  });

  it("is the demo's, marked as such, where nothing is configured", () => {
    expect(invoiceIssuerFrom({})).toEqual(demoInvoiceIssuer);
    expect(demoInvoiceIssuer.name).toContain("(démo)");
  });
});

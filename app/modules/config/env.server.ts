import path from "node:path";
import { z } from "~/modules/validation/zod";

/** Boolean written as an environment string ("true"/"false"/"1"/"0"). */
const booleanString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const positiveInt = z.coerce.number().int().positive();

const postgresUrl = z
  .string()
  .url()
  .refine(
    (value) => /^postgres(ql)?:\/\//.test(value),
    "must start with postgres:// or postgresql://",
  );

const envObject = z.object({
  APP_MODE: z.enum(["demo", "production"]).default("demo"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  BASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Vitrine <no-reply@vitrine.local>"),
  /** Who issues the invoices: the operator's legal name, address lines (split by "|"), VAT number. */
  INVOICE_ISSUER_NAME: z.string().trim().min(2).max(200).optional(),
  INVOICE_ISSUER_ADDRESS: z.string().trim().min(5).max(500).optional(),
  INVOICE_ISSUER_VAT_NUMBER: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/, "must be a VAT number such as FR40123456789")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanString.default(false),
  MEDIA_WORKER: booleanString.default(true),
  /** `npm run worker` only: where it answers its health checks (none when unset). */
  WORKER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DEMO_CONTENT: booleanString.default(true),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  RATE_LIMIT_SIGN_IN_MAX: positiveInt.default(3),
  RATE_LIMIT_SIGN_UP_MAX: positiveInt.default(5),
  RATE_LIMIT_PASSWORD_RESET_MAX: positiveInt.default(3),
  RATE_LIMIT_CONTACT_MAX: positiveInt.default(5),
  AI_API_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, "must be a Stripe secret key (sk_test_…, sk_live_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must start with whsec_").optional(),
  /** Another Stripe API origin (stripe-mock, a local fake in tests). */
  STRIPE_API_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
    .optional(),
  /** Production opt-in: run on the built-in test payment provider (a banner says so). */
  ALLOW_TEST_PAYMENTS: booleanString.default(false),
  /** Production opt-in: run on the embedded PGlite database in DATA_DIR. */
  ALLOW_EMBEDDED_DATABASE: booleanString.default(false),
  /** How long a stop (SIGTERM, SIGINT) waits for requests and the current job. */
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt.default(10),
  /** Where user files live: `local` (DATA_DIR) or `s3` (an S3-compatible bucket). */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  /** Another S3-compatible service than AWS (MinIO, R2, s3rver…). */
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
});

/** Every variable the app reads. */
export const envVariableNames = Object.keys(envObject.shape);

export const envSchema = envObject.superRefine((env, ctx) => {
  if (env.APP_MODE === "production") {
    for (const [variable, message] of productionRails(env)) {
      ctx.addIssue({ code: "custom", path: [variable], message });
    }
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["STRIPE_WEBHOOK_SECRET"],
      message: "is required with STRIPE_SECRET_KEY (webhooks confirm payments)",
    });
  }
  if (env.STORAGE_DRIVER === "s3" && !env.S3_BUCKET) {
    ctx.addIssue({
      code: "custom",
      path: ["S3_BUCKET"],
      message: "is required with STORAGE_DRIVER=s3",
    });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: "custom",
      path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
      message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    });
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    ctx.addIssue({
      code: "custom",
      path: [env.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID"],
      message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together",
    });
  }
});

/**
 * What production refuses to start without, one line per variable: each default is right for a
 * demo and wrong for real customers (fake payments, e-mails nobody receives, links to
 * localhost, sessions signed with a key kept beside the data, a database without backups).
 */
function productionRails(env: z.infer<typeof envObject>): Array<[string, string]> {
  const missing: Array<[string, string]> = [];
  if (!env.STRIPE_SECRET_KEY && !env.ALLOW_TEST_PAYMENTS) {
    missing.push([
      "STRIPE_SECRET_KEY",
      "is required when APP_MODE=production (with STRIPE_WEBHOOK_SECRET); " +
        "ALLOW_TEST_PAYMENTS=true runs the built-in test provider instead: no real money",
    ]);
  }
  if (!env.SMTP_URL) {
    missing.push(["SMTP_URL", "is required when APP_MODE=production (e-mails must be sent)"]);
  }
  if (!env.BASE_URL) {
    missing.push(["BASE_URL", "is required when APP_MODE=production (links in e-mails and pages)"]);
  }
  if (!env.BETTER_AUTH_SECRET) {
    missing.push(["BETTER_AUTH_SECRET", "is required when APP_MODE=production"]);
  }
  for (const variable of [
    "INVOICE_ISSUER_NAME",
    "INVOICE_ISSUER_ADDRESS",
    "INVOICE_ISSUER_VAT_NUMBER",
  ] as const) {
    if (!env[variable]) {
      missing.push([variable, "is required when APP_MODE=production (printed on every invoice)"]);
    }
  }
  if (!env.DATABASE_URL && !env.ALLOW_EMBEDDED_DATABASE) {
    missing.push([
      "DATABASE_URL",
      "is required when APP_MODE=production; " +
        "ALLOW_EMBEDDED_DATABASE=true runs on the embedded PGlite database in DATA_DIR instead",
    ]);
  }
  return missing;
}

export type Env = z.infer<typeof envSchema> & {
  /** Absolute data directory. */
  dataDir: string;
  /** Public origin of the site, without a trailing slash. */
  baseUrl: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty string means "not set", as in most .env conventions.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
  };
}

let cached: Env | undefined;

/** The environment, parsed once per process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

import type { fr } from "../i18n/catalog.fr";

/**
 * What the account forms share with the browser: limits, countries, error keys. The zod schemas
 * stay on the server (account-schemas.server.ts); the browser checks with account-form-checks.ts.
 */

/** A message key under `auth.errors` of the catalogs. */
export type AuthErrorKey = keyof typeof fr.auth.errors;

export const fieldLimits = {
  name: 100,
  email: 254,
  storeName: 100,
  passwordMin: 8,
  passwordMax: 128,
  token: 512,
} as const;

export const countries = ["fr", "ma", "dz", "tn", "other"] as const;
export type Country = (typeof countries)[number];

/** What an account is made of, whichever way it is created. */
export interface AccountDetails {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  storeName?: string | undefined;
  country: Country;
}
export type FieldErrors = Record<string, AuthErrorKey>;

/** The maximum length behind a field's "tooLong" message. */
export function maxLengthOf(field: string): number {
  if (field === "email") return fieldLimits.email;
  if (field === "storeName") return fieldLimits.storeName;
  if (field.toLowerCase().includes("password")) return fieldLimits.passwordMax;
  return fieldLimits.name;
}

/** Reads a form into plain strings (files and repeated keys are ignored). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !(key in values)) values[key] = value;
  }
  return values;
}

import { countryName } from "./invoice-view";
import { billingCountries, billingSchema, type BillingSnapshot } from "./billing-details";
import { saveBilling } from "./billing.server";
import type { Database } from "../db/client.server";
import type { Locale } from "../i18n/locale";

/** The billing form's countries with their names in the page's language, sorted by name. */
export function countryOptions(locale: Locale) {
  return billingCountries
    .map((code) => ({ code, name: countryName(locale, code) }))
    .toSorted((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * Reads and saves the billing form (`intent=billing`): null when saved, otherwise the first
 * error of each field (catalog keys under `billing.errors`).
 */
export async function submitBilling(
  db: Database,
  userId: string,
  form: { get(name: string): unknown },
): Promise<Partial<Record<keyof BillingSnapshot, string>> | null> {
  const parsed = billingSchema.safeParse({
    name: String(form.get("name") ?? ""),
    address: String(form.get("address") ?? ""),
    country: String(form.get("country") ?? ""),
    vatNumber: String(form.get("vatNumber") ?? ""),
  });
  if (parsed.success) {
    await saveBilling(db, userId, parsed.data);
    return null;
  }
  const errors: Partial<Record<keyof BillingSnapshot, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof BillingSnapshot;
    errors[field] ??= issue.message;
  }
  return errors;
}

import { z } from "~/modules/validation/zod";
import {
  euStandardRatesBps,
  isEuCountry,
  normaliseVatNumber,
  vatNumberMatchesCountry,
} from "../pricing/vat";

/** The billing details printed on an invoice, as stored and as frozen on each order. */
export interface BillingSnapshot {
  name: string;
  address: string;
  country: string;
  vatNumber: string | null;
}

/**
 * The countries the billing form offers: the EU, the countries sign-up offers (Morocco,
 * Algeria, Tunisia) and the main other markets. Names come from Intl in the page's language.
 */
export const billingCountries = [
  ...Object.keys(euStandardRatesBps),
  "MA",
  "DZ",
  "TN",
  "SN",
  "CI",
  "GB",
  "CH",
  "NO",
  "US",
  "CA",
].toSorted();

const billingCountrySet = new Set(billingCountries);

/**
 * The billing form. Errors are catalog keys under `billing.errors`. A VAT number is optional;
 * when given, the country must be in the EU and the number must have that country's format
 * and prefix (the format only: VIES cannot be reached from here).
 */
export const billingSchema = z
  .object({
    name: z.string().trim().min(1, "nameRequired").max(120, "nameRequired"),
    address: z.string().trim().min(1, "addressRequired").max(400, "addressRequired"),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((country) => billingCountrySet.has(country), "countryRequired"),
    vatNumber: z
      .string()
      .optional()
      .transform((value) => (value ? normaliseVatNumber(value) : null)),
  })
  .superRefine((value, context) => {
    if (!value.vatNumber) return;
    if (!isEuCountry(value.country)) {
      context.addIssue({ code: "custom", path: ["vatNumber"], message: "vatOutsideEu" });
    } else if (!vatNumberMatchesCountry(value.vatNumber, value.country)) {
      context.addIssue({ code: "custom", path: ["vatNumber"], message: "vatFormat" });
    }
  });

export type BillingInput = z.infer<typeof billingSchema>;

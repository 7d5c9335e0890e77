/**
 * VAT by the buyer's country (decision record 0052). The platform sells electronically supplied
 * services from France, so:
 * - an EU consumer (no VAT number) pays the standard rate of their own country (OSS);
 * - a business in France (French VAT number) pays French VAT;
 * - a business in another EU country with a VAT number of that country: reverse charge, 0 %;
 * - a buyer outside the EU pays no VAT.
 * Pure: the cart, checkout, credit purchases, renewals and receipts all call it on the server.
 */

/** Where the platform is established: its own country's VAT applies to French businesses. */
export const sellerCountry = "FR";

/**
 * EU standard VAT rates in basis points, by ISO 3166 country code, as in force on 2026-01-01
 * (source and date in decision record 0052; review every January).
 */
export const euStandardRatesBps = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
} as const satisfies Record<string, number>;

export type EuCountry = keyof typeof euStandardRatesBps;

export function isEuCountry(country: string): country is EuCountry {
  return Object.hasOwn(euStandardRatesBps, country);
}

/**
 * The shape of a VAT number after its country prefix (the Commission's VIES formats). Greece
 * uses the prefix EL, not its ISO code GR. Only the format is checked: VIES is out of reach.
 */
const vatNumberFormats: Record<EuCountry, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** The VAT prefix of an EU country (EL for Greece). */
export function vatPrefix(country: EuCountry): string {
  return country === "GR" ? "EL" : country;
}

/** A VAT number as typed, without spaces, dots or dashes, in capitals. */
export function normaliseVatNumber(input: string): string {
  return input.replace(/[\s.-]/g, "").toUpperCase();
}

/** Whether a (normalised) VAT number has the format of the given country, prefix included. */
export function vatNumberMatchesCountry(vatNumber: string, country: string): boolean {
  if (!isEuCountry(country)) return false;
  const prefix = vatPrefix(country);
  return (
    vatNumber.startsWith(prefix) && vatNumberFormats[country].test(vatNumber.slice(prefix.length))
  );
}

export type VatScheme = "eu-consumer" | "domestic-business" | "reverse-charge" | "outside-eu";

/** The VAT applied to one buyer: a scheme and its rate. */
export interface VatRule {
  scheme: VatScheme;
  rateBps: number;
  /** The buyer's country (ISO 3166 code) the rule was chosen for. */
  country: string;
}

/**
 * The rule for a buyer's billing country and optional VAT number. A VAT number that does not
 * match its country's format is ignored here (the billing form refuses it before it is stored).
 */
export function vatRuleFor(buyer: { country: string; vatNumber?: string | null }): VatRule {
  const country = buyer.country.toUpperCase();
  if (!isEuCountry(country)) return { scheme: "outside-eu", rateBps: 0, country };
  const business = !!buyer.vatNumber && vatNumberMatchesCountry(buyer.vatNumber, country);
  if (business && country !== sellerCountry)
    return { scheme: "reverse-charge", rateBps: 0, country };
  return {
    scheme: business ? "domestic-business" : "eu-consumer",
    rateBps: euStandardRatesBps[country],
    country,
  };
}

/** What a buyer without billing details is charged until they give them: French VAT. */
export const defaultVatRule: VatRule = {
  scheme: "eu-consumer",
  rateBps: euStandardRatesBps.FR,
  country: sellerCountry,
};

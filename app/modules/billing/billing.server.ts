import { eq } from "drizzle-orm";
import type { Database, DatabaseTransaction as Tx } from "../db/client.server";
import { billingDetails, profiles } from "../db/schema";
import { orderTotals } from "../pricing/pricing";
import { defaultVatRule, vatRuleFor, type VatRule } from "../pricing/vat";
import type { BillingInput, BillingSnapshot } from "./billing-details";

/** The buyer's billing details, or null when they never gave them. */
export async function findBilling(
  db: Database | Tx,
  userId: string,
): Promise<BillingSnapshot | null> {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  return row
    ? { name: row.name, address: row.address, country: row.country, vatNumber: row.vatNumber }
    : null;
}

export async function saveBilling(db: Database, userId: string, input: BillingInput) {
  const values = { ...input, vatNumber: input.vatNumber ?? null };
  await db
    .insert(billingDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingDetails.userId, set: values });
}

/**
 * The buyer's billing details and the VAT rule they lead to. A buyer who has not given them
 * yet is a consumer in the country chosen at sign-up (France, Morocco, Algeria, Tunisia); a
 * visitor, or "another country", pays French VAT until they say where they are (0052).
 */
export async function buyerVat(
  db: Database | Tx,
  userId: string | null,
): Promise<{ billing: BillingSnapshot | null; vat: VatRule }> {
  if (!userId) return { billing: null, vat: defaultVatRule };
  const billing = await findBilling(db, userId);
  if (billing) return { billing, vat: vatRuleFor(billing) };
  const [profile] = await db
    .select({ country: profiles.country })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const signUpCountry = profile && profile.country !== "other" ? profile.country : null;
  return {
    billing: null,
    vat: signUpCountry ? vatRuleFor({ country: signUpCountry }) : defaultVatRule,
  };
}

/** The columns an order (or a subscription invoice) keeps of the VAT rule and billing details. */
export function vatColumns(buyer: { billing: BillingSnapshot | null; vat: VatRule }) {
  return { vatRateBps: buyer.vat.rateBps, vatScheme: buyer.vat.scheme, billing: buyer.billing };
}

/** An order's amounts with the VAT rule and billing details they were computed from. */
export type OrderAmounts = ReturnType<typeof orderTotals> & ReturnType<typeof vatColumns>;

/** Prices lines (before VAT) for a buyer: subtotal, their VAT and total, and what chose the VAT. */
export async function orderAmounts(
  db: Database | Tx,
  buyerId: string,
  lineCents: readonly number[],
): Promise<OrderAmounts> {
  const buyer = await buyerVat(db, buyerId);
  return { ...orderTotals(lineCents, buyer.vat.rateBps), ...vatColumns(buyer) };
}

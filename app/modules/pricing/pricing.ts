/**
 * Money rules (docs/product.md, "Licences and prices"; docs/product.md, "VAT and commission"), in integer euro cents: the server alone applies them, from the
 * database's prices and settings. Pure functions, shared by the cart, checkout, fulfilment,
 * receipts and the admin's figures.
 */

/** Whether an item is free: no price, or 0 (shown 'Gratuit'). */
export function isFree(itemPriceCents: number | null | undefined): boolean {
  return !itemPriceCents || itemPriceCents <= 0;
}

/** A share of an amount in basis points, rounded to the nearest cent (half up). */
export function shareOf(amountCents: number, bps: number): number {
  return Math.floor((amountCents * bps + 5_000) / 10_000);
}

/** Line price = max(item price, 0) + the licence's surcharge. */
export function linePriceCents(itemPriceCents: number | null, surchargeCents: number): number {
  return Math.max(itemPriceCents ?? 0, 0) + surchargeCents;
}

/**
 * Subtotal, VAT and total of lines priced before VAT; the total is what is charged. VAT is the
 * buyer's rate (vat.ts, `vatRuleFor`) of the whole subtotal, rounded half up to the cent once,
 * never line by line, so a receipt's VAT is always its rate of its subtotal.
 */
export function orderTotals(
  lineCents: readonly number[],
  vatRateBps: number,
): {
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
} {
  const subtotalCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const vatCents = shareOf(subtotalCents, vatRateBps);
  return { subtotalCents, vatCents, totalCents: subtotalCents + vatCents };
}

/** The platform's commission and the seller's share of a line; they add up to the line. */
export function splitCommission(
  amountCents: number,
  commissionBps: number,
): { commissionCents: number; sellerShareCents: number } {
  const commissionCents = shareOf(amountCents, commissionBps);
  return { commissionCents, sellerShareCents: amountCents - commissionCents };
}

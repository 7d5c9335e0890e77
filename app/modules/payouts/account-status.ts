/** The four badge states of the payment-account panel (docs/product.md, "Seller dashboard"). */
export type AccountBadge = "none" | "inProgress" | "incomplete" | "active";

export function accountBadge(
  account: {
    detailsSubmitted: boolean;
    chargesEnabled: boolean;
    payoutsEnabled: boolean;
  } | null,
): AccountBadge {
  if (!account) return "none";
  if (!account.detailsSubmitted) return "inProgress";
  return account.chargesEnabled && account.payoutsEnabled ? "active" : "incomplete";
}

/** The seller dashboard's tabs, in the order they are shown; `?tab=` picks one. */
export const sellerTabs = ["overview", "content", "analytics", "payments", "upload"] as const;
export type SellerTab = (typeof sellerTabs)[number];

/** The tab a URL asks for, the overview when it asks for none or for an unknown one. */
export function sellerTabOf(url: URL): SellerTab {
  const requested = url.searchParams.get("tab");
  return (sellerTabs as readonly string[]).includes(requested ?? "")
    ? (requested as SellerTab)
    : "overview";
}

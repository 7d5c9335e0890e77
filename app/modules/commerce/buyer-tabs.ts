/** The buyer dashboard's tabs, in their order ('Mes achats'). */
export const buyerTabs = [
  "overview",
  "purchases",
  "downloads",
  "licences",
  "credits",
  "profile",
] as const;

export type BuyerTab = (typeof buyerTabs)[number];

/** The tab a query string asks for, or the overview. */
export function buyerTabFrom(asked: string | null): BuyerTab {
  return (buyerTabs as readonly string[]).includes(asked ?? "") ? (asked as BuyerTab) : "overview";
}

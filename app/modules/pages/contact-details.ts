/** How to reach the company, shown on the contact, legal and business pages. */
export const contactDetails = {
  supportEmail: "support@vitrine.fr",
  legalEmail: "legal@vitrine.fr",
  pressEmail: "presse@vitrine.fr",
  salesEmail: "ventes@vitrine.fr",
  partnersEmail: "partenaires@vitrine.fr",
  phone: "+33 1 84 80 12 34",
} as const;

/** Opening hours (docs/product.md, "Public pages"): Monday to Friday 9-18, Saturday 10-16. */
export const openingHours = {
  weekdays: { from: 9, to: 18 },
  saturday: { from: 10, to: 16 },
} as const;

/** The legal texts' date of last update, shown on each of them. */
export const legalLastUpdate = "2024-01-15";

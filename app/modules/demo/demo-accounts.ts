import type { Role } from "../auth/roles";
import type { Country } from "../accounts/account-forms";

export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  storeName?: string;
  country: Country;
}

/** The demo accounts of a local install (README lists them; /test-accounts shows them). */
export const demoAccounts: DemoAccount[] = [
  {
    email: "admin@vitrine.test",
    password: "Admin-vitrine-2026",
    role: "admin",
    firstName: "Alice",
    lastName: "Admin",
    country: "fr",
  },
  {
    email: "createur@vitrine.test",
    password: "Createur-vitrine-2026",
    role: "creator",
    firstName: "Camille",
    lastName: "Créatrice",
    storeName: "Atelier Camille",
    country: "fr",
  },
  {
    email: "client@vitrine.test",
    password: "Client-vitrine-2026",
    role: "client",
    firstName: "Chloé",
    lastName: "Cliente",
    country: "fr",
  },
];

/** The demo seller, who receives the demo content. */
export const demoCreatorEmail = "createur@vitrine.test";
export const demoClientEmail = "client@vitrine.test";

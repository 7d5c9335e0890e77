import type { fr } from "./catalog.fr";

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every catalog must have: exactly the French catalog's keys. */
export type Catalog = DeepStrings<typeof fr>;

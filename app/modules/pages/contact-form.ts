import type { fr } from "../i18n/catalog.fr";

/** A message key under `pages.contactForm.errors` of the catalogs. */
export type ContactErrorKey = keyof typeof fr.pages.contactForm.errors;

export const contactSubjects = ["support", "billing", "partnership", "legal", "other"] as const;
export type ContactSubject = (typeof contactSubjects)[number];

export const contactLimits = { name: 100, email: 254, phone: 30, message: 5000 } as const;

export type ContactFieldErrors = Partial<Record<string, ContactErrorKey>>;

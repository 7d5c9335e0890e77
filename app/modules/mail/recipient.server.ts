import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { profiles, user } from "../db/schema";
import type { Locale } from "../i18n/locale";

/** Whom an e-mail goes to: address, name and the language they read (French when unset). */
export async function mailRecipient(db: Database, userId: string | null) {
  if (!userId) return null;
  const [row] = await db
    .select({ email: user.email, name: user.name, locale: profiles.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  return row ? { ...row, locale: (row.locale ?? "fr") as Locale } : null;
}

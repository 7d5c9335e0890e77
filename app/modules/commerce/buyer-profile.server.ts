import { eq } from "drizzle-orm";
import { z } from "~/modules/validation/zod";
import type { Services } from "../services";
import { profiles, user } from "../db/schema";

export const profileSchema = z.object({
  displayName: z.string().trim().min(1, "nameRequired").max(80, "nameRequired"),
  locale: z.enum(["fr", "en"]),
});

export async function buyerProfile(services: Pick<Services, "db">, userId: string) {
  const [row] = await services.db
    .select({ name: user.name, email: user.email, locale: profiles.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  return { name: row?.name ?? "", email: row?.email ?? "", locale: row?.locale ?? "fr" };
}

/** Saves the name shown on receipts and certificates, and the language of e-mails. */
export async function updateBuyerProfile(
  services: Pick<Services, "db">,
  userId: string,
  input: z.infer<typeof profileSchema>,
) {
  await services.db.transaction(async (tx) => {
    await tx.update(user).set({ name: input.displayName }).where(eq(user.id, userId));
    await tx
      .update(profiles)
      .set({ displayName: input.displayName, locale: input.locale })
      .where(eq(profiles.userId, userId));
  });
}

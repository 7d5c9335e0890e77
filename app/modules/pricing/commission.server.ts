import { eq } from "drizzle-orm";
import type { Database, DatabaseTransaction as Tx } from "../db/client.server";
import { platformSettings } from "../db/schema";

/** The platform's commission in basis points (1500 = 15 %), as admins set it now. */
export async function commissionRateBps(db: Database | Tx): Promise<number> {
  const [row] = await db
    .select({ bps: platformSettings.commissionRateBps })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return row?.bps ?? 1500;
}

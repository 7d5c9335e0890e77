import { eq } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { contentSubmissions, uploads } from "../db/schema";

export type MediaAudience = "public" | "private";

/**
 * Who may see an upload's derived files (never its original): anyone once its submission is
 * approved and not deleted; otherwise only its owner and admins. Null means "not found" for
 * everyone else, so nothing is learnt about other sellers' files.
 */
export async function derivativeAudience(
  db: Database,
  viewer: Viewer | null,
  uploadId: string,
): Promise<{ audience: MediaAudience; derivatives: Record<string, string | undefined> } | null> {
  const [row] = await db
    .select({
      ownerId: uploads.ownerId,
      derivatives: uploads.derivatives,
      status: contentSubmissions.status,
      deletedAt: contentSubmissions.deletedAt,
    })
    .from(uploads)
    .leftJoin(contentSubmissions, eq(uploads.submissionId, contentSubmissions.id))
    .where(eq(uploads.id, uploadId));
  if (!row) return null;
  if (row.status === "approved" && !row.deletedAt)
    return { audience: "public", derivatives: row.derivatives };
  if (viewer && (viewer.role === "admin" || viewer.id === row.ownerId))
    return { audience: "private", derivatives: row.derivatives };
  return null;
}

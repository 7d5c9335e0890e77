import { eq, or } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { contentSubmissions, profiles, uploads } from "../db/schema";

export type MediaAudience = "public" | "private";

/**
 * Who may see an upload's derived files (never its original): anyone once its submission is
 * approved and not deleted, or while it is its seller's avatar or banner (decision record 0058);
 * otherwise only its owner and admins. Null means "not found" for
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
      shownBy: profiles.userId,
    })
    .from(uploads)
    .leftJoin(contentSubmissions, eq(uploads.submissionId, contentSubmissions.id))
    .leftJoin(
      profiles,
      or(eq(profiles.avatarUploadId, uploads.id), eq(profiles.bannerUploadId, uploads.id)),
    )
    .where(eq(uploads.id, uploadId));
  if (!row) return null;
  if ((row.status === "approved" && !row.deletedAt) || row.shownBy === row.ownerId)
    return { audience: "public", derivatives: row.derivatives };
  if (viewer && (viewer.role === "admin" || viewer.id === row.ownerId))
    return { audience: "private", derivatives: row.derivatives };
  return null;
}

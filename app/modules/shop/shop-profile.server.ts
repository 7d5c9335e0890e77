import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { profiles, uploads } from "../db/schema";
import { derivedFileUrl } from "../media/media-cache";
import { profileImageSpec, type ProfileImageShape } from "../media/profile-image.server";
import type { Services } from "../services";
import { removeUpload } from "../storage/file-storage.server";

/** The longest bio, in each language (docs/product.md, "Seller's shop page"). */
export const maxBioLength = 1000;

export type ShopProfileErrorCode = "bioTooLong" | "imageInvalid" | "noProfile";

/** A refusal of a shop-profile change, with the code the page translates. */
export class ShopProfileError extends Error {
  override name = "ShopProfileError";
  constructor(readonly code: ShopProfileErrorCode) {
    super(code);
  }
}

/** Where a shop picture stands: its URL once made, else whether it is on its way or failed. */
export interface ShopPicture {
  uploadId: string;
  url: string | null;
  state: "processing" | "ready" | "failed";
  /** A catalog key under media.errors when the picture could not be made. */
  error: string | null;
}

type UploadRow = typeof uploads.$inferSelect;

function pictureOf(row: UploadRow | undefined, shape: ProfileImageShape): ShopPicture | null {
  if (!row) return null;
  const derivative = profileImageSpec[shape].derivative;
  const version = row.derivatives[derivative];
  return {
    uploadId: row.id,
    url: version ? derivedFileUrl(row.id, derivative, version) : null,
    state: version ? "ready" : row.processingStatus === "failed" ? "failed" : "processing",
    error: row.processingStatus === "failed" ? row.processingError : null,
  };
}

/** The seller's bio in both languages and their avatar and banner, as their pages show them. */
export async function shopProfile(db: Database, sellerId: string) {
  const [row] = await db
    .select({
      bioFr: profiles.bioFr,
      bioEn: profiles.bioEn,
      avatarUploadId: profiles.avatarUploadId,
      bannerUploadId: profiles.bannerUploadId,
    })
    .from(profiles)
    .where(eq(profiles.userId, sellerId));
  if (!row) return { bio: { fr: "", en: "" }, avatar: null, banner: null };
  const ids = [row.avatarUploadId, row.bannerUploadId].filter((id): id is string => Boolean(id));
  const files = ids.length ? await db.select().from(uploads).where(inArray(uploads.id, ids)) : [];
  return {
    bio: { fr: row.bioFr, en: row.bioEn },
    avatar: pictureOf(
      files.find((file) => file.id === row.avatarUploadId),
      "avatar",
    ),
    banner: pictureOf(
      files.find((file) => file.id === row.bannerUploadId),
      "banner",
    ),
  };
}

export interface ShopProfileInput {
  bio: { fr: string; en: string };
  /** A new picture: the id of the seller's own finished upload of that purpose. */
  avatarUploadId?: string;
  bannerUploadId?: string;
  /** Pictures taken off the page. */
  remove: ProfileImageShape[];
}

/**
 * Changes the signed-in seller's own shop profile; nobody can name another seller's (the
 * seller is the viewer, and a picture must be their own upload of the right purpose). A
 * replaced or removed picture is deleted with its files.
 */
export async function saveShopProfile(
  { db, storage }: Pick<Services, "db" | "storage">,
  sellerId: string,
  input: ShopProfileInput,
): Promise<void> {
  const bio = { fr: input.bio.fr.trim(), en: input.bio.en.trim() };
  if (bio.fr.length > maxBioLength || bio.en.length > maxBioLength)
    throw new ShopProfileError("bioTooLong");
  const dropped = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatar: profiles.avatarUploadId, banner: profiles.bannerUploadId })
      .from(profiles)
      .where(eq(profiles.userId, sellerId))
      .for("update");
    if (!current) throw new ShopProfileError("noProfile");
    const next = { avatar: current.avatar, banner: current.banner };
    for (const shape of ["avatar", "banner"] as const) {
      if (input.remove.includes(shape)) next[shape] = null;
      const chosen = shape === "avatar" ? input.avatarUploadId : input.bannerUploadId;
      if (!chosen) continue;
      const [own] = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            eq(uploads.id, chosen),
            eq(uploads.ownerId, sellerId),
            eq(uploads.purpose, shape),
            eq(uploads.status, "complete"),
          ),
        );
      if (!own) throw new ShopProfileError("imageInvalid");
      next[shape] = own.id;
    }
    await tx
      .update(profiles)
      .set({
        bioFr: bio.fr,
        bioEn: bio.en,
        avatarUploadId: next.avatar,
        bannerUploadId: next.banner,
      })
      .where(eq(profiles.userId, sellerId));
    const replaced = [current.avatar, current.banner].filter(
      (id): id is string => id !== null && id !== next.avatar && id !== next.banner,
    );
    if (replaced.length > 0) await tx.delete(uploads).where(inArray(uploads.id, replaced));
    return replaced;
  });
  // The files go once the rows no longer point at them.
  await Promise.all(dropped.map((id) => removeUpload(storage, id)));
}

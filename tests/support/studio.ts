import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Services } from "~/modules/services";
import type { Role, Viewer } from "~/modules/auth/roles";
import { categories, contentSubmissions, uploads, user } from "~/modules/db/schema";
import type { ContentKind } from "~/modules/studio/content-kind";
import { derivativeKey, originalKey } from "~/modules/storage/file-storage.server";
import { expect } from "vitest";
import { pngBytes } from "./files";
import type { CookieJar, TestApp } from "./test-app";

type Deps = Pick<Services, "db" | "storage">;
type SubmissionRow = typeof contentSubmissions.$inferSelect;
type UploadRow = typeof uploads.$inferSelect;

/** The domain's view of an account, found by e-mail (as requireAccess would give it). */
export async function viewerByEmail(
  { db }: Pick<Services, "db">,
  email: string,
  role: Role,
): Promise<Viewer> {
  const [row] = await db.select().from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return { id: row.id, email, role, displayName: row.name, storeName: null };
}

export interface UploadOptions {
  fileName?: string;
  mime?: string;
  bytes?: Buffer;
  /** Also writes a thumbnail derivative, as the media worker would. */
  withThumbnail?: boolean;
  submissionId?: string | null;
  position?: number;
  purpose?: "original" | "cover";
}

/**
 * A complete upload of `ownerId`: its row and its original on disk (a small PNG by default),
 * not attached to any submission unless asked.
 */
export async function studioUpload(
  { db, storage }: Deps,
  ownerId: string,
  options: UploadOptions = {},
): Promise<UploadRow> {
  const id = randomUUID();
  const bytes = options.bytes ?? pngBytes(8, 6);
  await storage.put(originalKey(id), bytes);
  const derivatives: UploadRow["derivatives"] = {};
  if (options.withThumbnail) {
    const thumbnail = pngBytes(4, 3);
    await storage.put(derivativeKey(id, "thumbnail"), thumbnail);
    derivatives.thumbnail = createHash("sha256").update(thumbnail).digest("hex").slice(0, 16);
  }
  const [row] = await db
    .insert(uploads)
    .values({
      id,
      ownerId,
      fileName: options.fileName ?? `photo-${id.slice(0, 8)}.png`,
      size: bytes.length,
      status: "complete",
      purpose: options.purpose ?? "original",
      detectedMime: options.mime ?? "image/png",
      submissionId: options.submissionId ?? null,
      position: options.position ?? 0,
      processingStatus: options.withThumbnail ? "ready" : "none",
      derivatives,
      completedAt: new Date(),
    })
    .returning();
  return row!;
}

export interface SubmissionOptions {
  status?: SubmissionRow["status"];
  /** The French text (the default language); the English one starts empty unless given. */
  title?: string;
  description?: string;
  kind?: ContentKind;
  priceCents?: number | null;
  tags?: string[];
  titleEn?: string;
  descriptionEn?: string;
  tagsEn?: string[];
  categorySlug?: string;
  rejectionReason?: string | null;
  createdAt?: Date;
  submittedAt?: Date | null;
  /** How many files (PNG uploads) it holds. */
  files?: number;
  withThumbnails?: boolean;
}

/**
 * A submission of `creatorId` with its files, written as the studio would have left it: a
 * unique title, and for anything but a draft a review date.
 */
export async function makeSubmission(
  deps: Deps,
  creatorId: string,
  options: SubmissionOptions = {},
): Promise<{ submission: SubmissionRow; files: UploadRow[] }> {
  const { db } = deps;
  const status = options.status ?? "draft";
  const category = options.categorySlug
    ? await db.query.categories.findFirst({ where: eq(categories.slug, options.categorySlug) })
    : undefined;
  const now = new Date();
  const [submission] = await db
    .insert(contentSubmissions)
    .values({
      creatorId,
      titleFr: options.title ?? `Contenu ${randomUUID().slice(0, 8)}`,
      descriptionFr: options.description ?? "Une description",
      titleEn: options.titleEn ?? "",
      descriptionEn: options.descriptionEn ?? "",
      kind: options.kind ?? "photo",
      priceCents: options.priceCents === undefined ? 1200 : options.priceCents,
      tagsFr: options.tags ?? [],
      tagsEn: options.tagsEn ?? [],
      categoryId: category?.id ?? null,
      status,
      rejectionReason: options.rejectionReason ?? null,
      submittedAt:
        options.submittedAt !== undefined
          ? options.submittedAt
          : status === "draft"
            ? null
            : (options.createdAt ?? now),
      approvedAt: status === "approved" ? now : null,
      createdAt: options.createdAt ?? now,
    })
    .returning();
  const files: UploadRow[] = [];
  for (let index = 0; index < (options.files ?? 1); index++) {
    files.push(
      await studioUpload(deps, creatorId, {
        submissionId: submission!.id,
        position: index,
        withThumbnail: options.withThumbnails,
      }),
    );
  }
  return { submission: submission!, files };
}

/** What the storage still holds of an upload: its original key, its derivatives' folder. */
export async function filesInStorage({ storage }: Deps, uploadId: string): Promise<string[]> {
  const present: string[] = [];
  if (await storage.stat(originalKey(uploadId))) present.push(originalKey(uploadId));
  const derived = `media/${uploadId}/`;
  if ((await storage.list(derived)).length > 0) present.push(derived);
  return present;
}

const tus = { "Tus-Resumable": "1.0.0" };

function metadata(entries: Record<string, string>): string {
  return Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
}

/** Uploads a whole file with the tus protocol, as the upload page does; returns its id. */
export async function uploadFile(
  app: TestApp,
  jar: CookieJar,
  bytes: Buffer,
  fileName: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const created = await app.fetch("/api/uploads", {
    method: "POST",
    headers: {
      ...tus,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": metadata({ filename: fileName, ...extra }),
    },
    cookies: jar,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const location = created.headers.get("location")!;
  const patched = await app.fetch(location, {
    method: "PATCH",
    headers: { ...tus, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes),
    cookies: jar,
  });
  expect(patched.status, await patched.clone().text()).toBe(204);
  return location.split("/").pop()!;
}

/** Waits until the media worker has nothing left to do. */
export async function mediaProcessed(app: TestApp): Promise<void> {
  await (await app.services()).worker!.drained();
}

/** Posts a form whose fields may repeat (tags), as a browser without JavaScript would. */
export function postFields(
  app: TestApp,
  pathname: string,
  fields: Array<[string, string]>,
  jar: CookieJar,
): Promise<Response> {
  return app.fetch(pathname, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost:3000",
    },
    cookies: jar,
  });
}

/** The product form's fields for one studio file (`title` and co. are the French column). */
export function productFields(
  uploadId: string,
  intent: "draft" | "publish",
  values: {
    title?: string;
    description?: string;
    titleEn?: string;
    descriptionEn?: string;
    tagsEn?: string[];
    kind?: string;
    categoryId?: string;
    tags?: string[];
    price?: string;
    coverUploadId?: string;
  },
): Array<[string, string]> {
  return [
    ["intent", intent],
    ["uploadId", uploadId],
    ["title_fr", values.title ?? ""],
    ["description_fr", values.description ?? ""],
    ["title_en", values.titleEn ?? ""],
    ["description_en", values.descriptionEn ?? ""],
    ["kind", values.kind ?? "photo"],
    ["categoryId", values.categoryId ?? ""],
    ["price", values.price ?? ""],
    ["coverUploadId", values.coverUploadId ?? ""],
    ...(values.tags ?? []).map((tag): [string, string] => ["tags_fr", tag]),
    ...(values.tagsEn ?? []).map((tag): [string, string] => ["tags_en", tag]),
  ];
}

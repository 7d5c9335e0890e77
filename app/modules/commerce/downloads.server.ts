import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { and, eq, exists } from "drizzle-orm";
import type { Services } from "../services";
import type { Role } from "../auth/roles";
import type { Database } from "../db/client.server";
import { contentSubmissions, entitlements, uploads, userRoles } from "../db/schema";
import { attachmentDisposition } from "../http/content-disposition";
import { originalKey } from "../storage/file-storage.server";
import { downloadable } from "./ownership.server";
import { deriveKey, hmacHex, sameSignature } from "./signing.server";

/** How long a signed download link works. */
export const downloadLinkSeconds = 120;

type UploadRow = typeof uploads.$inferSelect;

/**
 * The original of `uploadId` if `actor` may download it: an admin, its seller, or a buyer with
 * an entitlement to its submission that is neither revoked (refund) nor suspended (dispute).
 */
export async function downloadableOriginal(
  db: Database,
  actor: { id: string; role: Role },
  uploadId: string,
): Promise<UploadRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(uploadId)) return null;
  const [row] = await db
    .select({ upload: uploads, creatorId: contentSubmissions.creatorId })
    .from(uploads)
    .innerJoin(contentSubmissions, eq(contentSubmissions.id, uploads.submissionId))
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.purpose, "original"),
        eq(uploads.status, "complete"),
      ),
    );
  if (!row) return null;
  if (actor.role === "admin" || row.creatorId === actor.id) return row.upload;
  const [entitled] = await db
    .select({ id: contentSubmissions.id })
    .from(contentSubmissions)
    .where(
      and(
        eq(contentSubmissions.id, row.upload.submissionId!),
        exists(
          db
            .select({ id: entitlements.id })
            .from(entitlements)
            .where(
              and(
                eq(entitlements.submissionId, contentSubmissions.id),
                eq(entitlements.buyerId, actor.id),
                downloadable(),
              ),
            ),
        ),
      ),
    );
  return entitled ? row.upload : null;
}

function linkKey(secret: string) {
  return deriveKey(secret, "download-links");
}

/** A link to the file that works for `downloadLinkSeconds`, for this user only. */
export function signedDownloadPath(
  secret: string,
  uploadId: string,
  userId: string,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + downloadLinkSeconds;
  const signature = hmacHex(linkKey(secret), `${uploadId}.${userId}.${expires}`);
  const query = new URLSearchParams({ u: userId, e: String(expires), s: signature });
  return `/downloads/${uploadId}/file?${query}`;
}

/** The user a signed link was made for, or null when it is forged or expired. */
export function verifyDownloadLink(
  secret: string,
  uploadId: string,
  params: URLSearchParams,
  now = Date.now(),
): string | null {
  const userId = params.get("u") ?? "";
  const expires = Number(params.get("e"));
  const signature = params.get("s") ?? "";
  if (!userId || !Number.isInteger(expires) || expires < Math.floor(now / 1000)) return null;
  const expected = hmacHex(linkKey(secret), `${uploadId}.${userId}.${expires}`);
  return sameSignature(expected, signature) ? userId : null;
}

/**
 * What a signed link leads to: the original on this machine's disk, sent by the app with the
 * headers of an attachment, or a short-lived URL of the object store to redirect to.
 */
export type OriginalFile =
  { path: string; size: number; headers: Headers } | { redirect: string; headers: Headers };

/** Reads in chunks this large: few chunks per file (each one costs a trip through the streams). */
export const downloadChunkBytes = 1024 * 1024;

/** An original's file and the headers of an attachment: never shown inline, never cached. */
export async function originalFile(
  services: Pick<Services, "storage">,
  upload: UploadRow,
): Promise<OriginalFile | null> {
  const { storage } = services;
  const key = originalKey(upload.id);
  const contentType = upload.detectedMime ?? "application/octet-stream";
  const url = await storage.attachmentUrl(key, { fileName: upload.fileName, contentType });
  if (url) {
    // The object store checks nothing but the URL's signature: the right was checked above.
    return { redirect: url, headers: new Headers({ Location: url, "Cache-Control": "no-store" }) };
  }
  // Local disk: the production server sends the file itself (server/send-file.js).
  const file = storage.localPath(key);
  const stat = await storage.stat(key);
  if (!file || !stat) return null;
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Length": String(stat.size),
    "Content-Disposition": attachmentDisposition(upload.fileName),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  return { path: file, size: stat.size, headers };
}

/**
 * What a signed link (`/downloads/:uploadId/file?u&e&s`) leads to: the original, if the link is
 * genuine and unexpired and its user may still download it (a refund or a dispute stops even a
 * link already handed out). Null answers 404. Used by the route and by the production server's
 * direct file sending (server/send-file.js), so both apply the same checks.
 */
export async function signedOriginal(
  app: Pick<Services, "db" | "secret" | "storage">,
  uploadId: string,
  params: URLSearchParams,
): Promise<OriginalFile | null> {
  const userId = verifyDownloadLink(app.secret, uploadId, params);
  if (!userId) return null;
  const [role] = await app.db.select().from(userRoles).where(eq(userRoles.userId, userId));
  if (!role) return null;
  const upload = await downloadableOriginal(app.db, { id: userId, role: role.role }, uploadId);
  return upload ? originalFile(app, upload) : null;
}

/** The original as a web response, for any server layer (tests, other adapters). */
export function originalResponse(file: OriginalFile, method: string): Response {
  if ("redirect" in file) return new Response(null, { status: 302, headers: file.headers });
  const body =
    method === "HEAD"
      ? null
      : (Readable.toWeb(
          createReadStream(file.path, { highWaterMark: downloadChunkBytes }),
        ) as ReadableStream<Uint8Array>);
  return new Response(body, { status: 200, headers: file.headers });
}

import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { data } from "react-router";
import { services } from "~/modules/app.server";
import { uploads } from "~/modules/db/schema";
import { fileResponse } from "~/modules/http/file-response.server";
import { getViewer } from "~/modules/http/request-context.server";
import { originalKey } from "~/modules/storage/file-storage.server";
import type { Route } from "./+types/admin-original";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The original of a submitted file (or of an ebook's cover), full size, for an administrator
 * judging it: /admin/originals/:uploadId, inline, with byte ranges so a video can be sought.
 * Anyone else, and any upload not part of a product, gets 404, never a hint that it exists.
 * The answer is sandboxed (an SVG cannot run script on our origin) and never cached.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  if (viewer?.role !== "admin" || !uuidPattern.test(params.uploadId))
    throw data(null, { status: 404 });
  const { db, storage } = await services();
  const upload = await db.query.uploads.findFirst({
    where: and(
      eq(uploads.id, params.uploadId),
      eq(uploads.status, "complete"),
      inArray(uploads.purpose, ["original", "cover"]),
      isNotNull(uploads.submissionId),
    ),
  });
  const file = upload
    ? await storage.open(originalKey(upload.id), upload.detectedMime ?? "application/octet-stream")
    : null;
  if (!file) throw data(null, { status: 404 });
  const response = fileResponse(file, request, "private, no-store");
  // Chromium's PDF viewer refuses sandboxed documents; it runs no script of the file anyway.
  if (file.contentType !== "application/pdf")
    response.headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  return response;
}

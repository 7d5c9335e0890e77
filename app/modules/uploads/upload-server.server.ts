import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import { and, count, eq, inArray } from "drizzle-orm";
import { loadViewer } from "../accounts/accounts.server";
import type { Services } from "../app.server";
import { access, type Viewer } from "../auth/roles";
import { uploads } from "../db/schema";
import { getT } from "../i18n/i18n";
import { detectMimeType } from "./detect-type.server";
import {
  cleanFileName,
  isAllowedMime,
  maxUploadBytes,
  maxUploadFiles,
  type UploadErrorCode,
} from "./upload-rules";

/** The shape @tus/server expects a refusal to have; the body carries our code and message. */
function refusal(status: number, code: UploadErrorCode, detected?: string) {
  const message = getT("fr")(`uploads.errors.${code}`, { detected: detected ?? "" });
  return { status_code: status, body: JSON.stringify({ code, message, detected }) };
}

async function sha256Of(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** The resumable upload endpoint (tus protocol), writing originals into DATA_DIR/uploads. */
export function createUploadServer(services: Services): Server {
  const directory = path.join(services.env.dataDir, "uploads");
  // One viewer lookup per request, shared by the hooks of that request.
  const viewers = new WeakMap<Request, Promise<Viewer | null>>();
  const viewerOf = (req: Request) => {
    let viewer = viewers.get(req);
    if (!viewer) {
      viewer = loadViewer(services, req.headers);
      viewers.set(req, viewer);
    }
    return viewer;
  };

  return new Server({
    path: "/api/uploads",
    datastore: new FileStore({ directory }),
    relativeLocation: true,
    respectForwardedHeaders: false,
    // One byte over the limit is refused by our own check first, with the spec's message.
    maxSize: maxUploadBytes + 1,
    namingFunction: () => randomUUID(),

    async onIncomingRequest(req, uploadId) {
      const viewer = await viewerOf(req);
      if (!viewer) throw refusal(401, "notAuthenticated");
      if (!(access.seller as readonly string[]).includes(viewer.role))
        throw refusal(403, "forbidden");
      if (req.method === "POST") return;
      // Only the uploader may read, continue or delete an upload; others learn nothing of it.
      const row = await services.db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
      if (!row || row.ownerId !== viewer.id) throw refusal(404, "notFound");
    },

    async onUploadCreate(req, upload: Upload) {
      const viewer = (await viewerOf(req))!;
      if (upload.size === undefined) throw refusal(400, "lengthRequired");
      if (upload.size > maxUploadBytes) throw refusal(413, "fileTooLarge");
      const [pending] = await services.db
        .select({ total: count() })
        .from(uploads)
        .where(
          and(eq(uploads.ownerId, viewer.id), inArray(uploads.status, ["uploading", "complete"])),
        );
      if ((pending?.total ?? 0) >= maxUploadFiles) throw refusal(400, "tooManyFiles");
      const fileName = cleanFileName(upload.metadata?.filename);
      await services.db
        .insert(uploads)
        .values({ id: upload.id, ownerId: viewer.id, fileName, size: upload.size });
      return { metadata: { ...upload.metadata, filename: fileName } };
    },

    async onUploadFinish(_req, upload: Upload) {
      const filePath = path.join(directory, upload.id);
      const mime = await detectMimeType(filePath);
      if (!isAllowedMime(mime)) {
        // Nothing half-made is kept: the bytes go, the row says why.
        await fs.rm(filePath, { force: true });
        await fs.rm(`${filePath}.json`, { force: true });
        await services.db
          .update(uploads)
          .set({ status: "rejected", detectedMime: mime, rejectionReason: "typeNotSupported" })
          .where(eq(uploads.id, upload.id));
        throw refusal(415, "typeNotSupported", mime);
      }
      await services.db
        .update(uploads)
        .set({
          status: "complete",
          detectedMime: mime,
          sha256: await sha256Of(filePath),
          completedAt: new Date(),
        })
        .where(eq(uploads.id, upload.id));
      return {};
    },
  });
}

let server: { services: Services; instance: Server } | undefined;

/** The upload server of these services (made once). */
function uploadServer(services: Services): Server {
  if (server?.services !== services) server = { services, instance: createUploadServer(services) };
  return server.instance;
}

/**
 * Answers one tus request. A cancelled upload (DELETE, allowed to its uploader only) also loses
 * its row, so it no longer counts towards the 100-file limit.
 */
export async function handleUploadRequest(services: Services, request: Request): Promise<Response> {
  const response = await uploadServer(services).handleWeb(request);
  if (request.method === "DELETE" && response.status === 204) {
    const id = new URL(request.url).pathname.split("/").pop() ?? "";
    await services.db.delete(uploads).where(eq(uploads.id, id));
  }
  return response;
}

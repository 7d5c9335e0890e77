import { randomUUID } from "node:crypto";
import { Server, type Upload } from "@tus/server";
import { eq } from "drizzle-orm";
import { loadViewer } from "../accounts/accounts.server";
import type { Services } from "../services";
import { access, type Viewer } from "../auth/roles";
import { uploads } from "../db/schema";
import { getT } from "../i18n/i18n";
import { enqueueJob } from "../jobs/job-queue.server";
import { processMediaJobType } from "../media/media-jobs.server";
import { LocalTusStore } from "./finished-uploads.server";
import type { TusStorage } from "./tus-datastore.server";
import { announceChecksum, checkUploadChecksum } from "./tus-checksum.server";
import { countStudioUploads, uploadsDirectory } from "./studio-uploads.server";
import {
  cleanFileName,
  maxUploadBytes,
  maxUploadFiles,
  sizeRefusal,
  typeRefusal,
  uploadPurposeOf,
  type UploadErrorCode,
} from "./upload-rules";

/** The shape @tus/server expects a refusal to have; the body carries our code and message. */
function refusal(status: number, code: UploadErrorCode, detected?: string) {
  const message = getT("fr")(`uploads.errors.${code}`, { detected: detected ?? "" });
  return { status_code: status, body: JSON.stringify({ code, message, detected }) };
}

/**
 * Who may send this request: a signed-in creator or admin, and for an existing upload its
 * uploader alone (others learn nothing of it). Null when allowed.
 */
async function accessRefusal(
  services: Services,
  viewer: Viewer | null,
  method: string,
  uploadId: string,
) {
  if (!viewer) return refusal(401, "notAuthenticated");
  if (!(access.seller as readonly string[]).includes(viewer.role)) return refusal(403, "forbidden");
  if (method === "POST") return null;
  const row = await services.db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
  if (!row || row.ownerId !== viewer.id) return refusal(404, "notFound");
  return null;
}

/**
 * The resumable upload endpoint (tus protocol). By default it writes originals into
 * DATA_DIR/uploads and locks in this process; `storage` puts them elsewhere (S3, with locks
 * shared by instances: see tus-datastore.server.ts).
 */
export function createUploadServer(services: Services, storage?: Partial<TusStorage>): Server {
  const datastore = storage?.datastore ?? new LocalTusStore(uploadsDirectory(services.env.dataDir));
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
    datastore,
    // Without one, tus locks in this process (MemoryLocker).
    ...(storage?.locker ? { locker: storage.locker } : {}),
    relativeLocation: true,
    respectForwardedHeaders: false,
    // A creation over the limit is refused by onUploadCreate, with its fixed message (tus's own
    // check would answer first, in its words); the limit still bounds every PATCH and is
    // announced in Tus-Max-Size.
    maxSize: (req) => (req.method === "POST" ? 0 : maxUploadBytes),
    namingFunction: () => randomUUID(),

    async onIncomingRequest(req, uploadId) {
      const refused = await accessRefusal(services, await viewerOf(req), req.method, uploadId);
      if (refused) throw refused;
    },

    async onUploadCreate(req, upload: Upload) {
      const viewer = (await viewerOf(req))!;
      if (upload.size === undefined) throw refusal(400, "lengthRequired");
      const purpose = uploadPurposeOf(upload.metadata?.purpose);
      const tooLarge = sizeRefusal(purpose, upload.size);
      if (tooLarge) throw refusal(413, tooLarge);
      // The files of the studio count: those a submitted product uses have left it.
      if (
        purpose === "original" &&
        (await countStudioUploads(services.db, viewer.id)) >= maxUploadFiles
      )
        throw refusal(400, "tooManyFiles");
      const fileName = cleanFileName(upload.metadata?.filename);
      await services.db
        .insert(uploads)
        .values({ id: upload.id, ownerId: viewer.id, fileName, size: upload.size, purpose });
      return { metadata: { ...upload.metadata, filename: fileName, purpose } };
    },

    async onUploadFinish(_req, upload: Upload) {
      const mime = await datastore.mimeType(upload.id);
      const refusedAs = typeRefusal(uploadPurposeOf(upload.metadata?.purpose), mime);
      if (refusedAs) {
        // Nothing half-made is kept: the bytes go, the row says why.
        await datastore.discardFinished(upload.id);
        await services.db
          .update(uploads)
          .set({ status: "rejected", detectedMime: mime, rejectionReason: refusedAs })
          .where(eq(uploads.id, upload.id));
        throw refusal(415, refusedAs, mime);
      }
      await services.db
        .update(uploads)
        .set({
          status: "complete",
          detectedMime: mime,
          sha256: await datastore.sha256(upload.id),
          completedAt: new Date(),
          processingStatus: "queued",
        })
        .where(eq(uploads.id, upload.id));
      await enqueueJob(services.db, processMediaJobType, { uploadId: upload.id });
      services.worker?.wake();
      return {};
    },
  });
}

let server: { services: Services; instance: Server } | undefined;

/** The upload server of these services (made once). */
function uploadServer(services: Services): Server {
  if (server?.services !== services) {
    server = { services, instance: createUploadServer(services, services.tusStorage) };
  }
  return server.instance;
}

/**
 * Answers one tus request. A cancelled upload (DELETE, allowed to its uploader only) also loses
 * its row, so it no longer counts towards the 100-file limit.
 */
export async function handleUploadRequest(services: Services, request: Request): Promise<Response> {
  // tus names the one media type a chunk is sent as, exactly; tus's own check answers 400 (or
  // 403 when the header is missing) where HTTP has 415 for it.
  if (
    request.method === "PATCH" &&
    request.headers.get("content-type") !== "application/offset+octet-stream"
  ) {
    return new Response("Content-Type must be application/offset+octet-stream\n", {
      status: 415,
      headers: { "Tus-Resumable": "1.0.0", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (request.method === "PATCH" && request.headers.has("upload-checksum")) {
    // A checksummed chunk is read into memory: only its uploader gets that far.
    const id = new URL(request.url).pathname.split("/").pop() ?? "";
    const refused = await accessRefusal(
      services,
      await loadViewer(services, request.headers),
      "PATCH",
      id,
    );
    if (refused) {
      return new Response(refused.body, {
        status: refused.status_code,
        headers: { "Tus-Resumable": "1.0.0", "Content-Type": "application/json" },
      });
    }
  }
  const checked = await checkUploadChecksum(request);
  if (checked instanceof Response) return checked;
  const response = await uploadServer(services).handleWeb(checked);
  if (request.method === "OPTIONS") return announceChecksum(response);
  if (request.method === "DELETE" && response.status === 204) {
    const id = new URL(request.url).pathname.split("/").pop() ?? "";
    await services.db.delete(uploads).where(eq(uploads.id, id));
  }
  return response;
}

import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client.server";
import type { EventBus } from "../events/event-bus.server";
import { uploads, type MediaDerivatives, type MediaMetadata } from "../db/schema";
import { PermanentJobError, type JobHandler } from "../jobs/job-queue.server";
import {
  isDerivativeName,
  originalOnDisk,
  saveDerivative,
  type FileStorage,
} from "../storage/file-storage.server";
import { colourName } from "../ai/file-facts.server";
import { sha256OfFile } from "./files.server";
import { MediaInputError } from "./media-errors";
import { inMediaProcess } from "./media-process.server";

export const processMediaJobType = "media.process";

interface MediaJobDependencies {
  db: Database;
  storage: FileStorage;
  log: Logger;
  /** Told when an item's preview is ready, so cached catalogue pages show it (0047). */
  events: EventBus;
}

/**
 * The metadata with the name of its first dominant colour, which a trigger copies onto the item
 * for the marketplace's colour facet (decision record 0059).
 */
function withColourName(metadata: MediaMetadata): MediaMetadata {
  const first = metadata.dominantColors?.[0];
  const name = first ? colourName(first) : undefined;
  return name ? { ...metadata, colourName: name } : metadata;
}

function uploadIdOf(payload: Record<string, unknown>): string {
  const id = payload.uploadId;
  if (typeof id !== "string") throw new PermanentJobError("payload without uploadId", "badPayload");
  return id;
}

/**
 * Reads a finished upload's metadata and makes its thumbnail and previews (a seller's avatar or
 * banner: its one re-encoded picture), in the media process (decision record 0011). A bad file
 * (corrupt, too many pixels, unsupported) fails at once and says why on the upload; anything
 * else retries.
 */
export function mediaJobHandler({ db, storage, log, events }: MediaJobDependencies): JobHandler {
  return {
    async run(payload) {
      const uploadId = uploadIdOf(payload);
      const upload = await db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
      // Discarded while waiting: nothing left to do.
      if (!upload || upload.status !== "complete") return;
      await db
        .update(uploads)
        .set({ processingStatus: "processing", processingError: null })
        .where(eq(uploads.id, uploadId));
      // The tools read and write files: the original is fetched into this scratch folder unless
      // it is on this machine's disk already, and the derivatives are made here.
      const workDir = await storage.makeWorkDirectory(uploadId);
      try {
        const started = performance.now();
        const input = {
          path: await originalOnDisk(storage, uploadId, workDir),
          mime: upload.detectedMime ?? "application/octet-stream",
          fileName: upload.fileName,
          workDir,
        };
        const purpose = upload.purpose;
        const result = await (
          purpose === "avatar" || purpose === "banner"
            ? inMediaProcess("processProfileImage", input, purpose).then((made) => ({
                ...made,
                kind: purpose,
              }))
            : inMediaProcess("processMedia", input)
        ).catch((error: unknown) => {
          if (error instanceof MediaInputError) {
            throw new PermanentJobError(error.detail ?? error.message, error.code);
          }
          throw error;
        });
        const derivatives: MediaDerivatives = {};
        for (const [name, file] of Object.entries(result.files)) {
          if (!file || !isDerivativeName(name)) continue;
          // The row keeps each derivative's version: the start of its SHA-256, which its URLs
          // carry so that a CDN and browsers may keep it for good (docs/decisions/0045).
          const version = (await sha256OfFile(file)).slice(0, 16);
          await saveDerivative(storage, uploadId, name, file);
          derivatives[name] = version;
        }
        await db
          .update(uploads)
          .set({
            processingStatus: "ready",
            processingError: null,
            metadata: withColourName(result.metadata),
            derivatives,
          })
          .where(eq(uploads.id, uploadId));
        log.info(
          { uploadId, kind: result.kind, ms: Math.round(performance.now() - started) },
          "media processed",
        );
        if (upload.submissionId) {
          events.publish({
            type: "catalogue.touched",
            submissionId: upload.submissionId,
            change: "preview",
          });
        } else if (upload.purpose === "avatar" || upload.purpose === "banner") {
          // A shop picture shows once made: its seller's public page changes (0061).
          events.publish({ type: "pages.changed", change: "shop" });
        }
      } finally {
        await fs.rm(workDir, { recursive: true, force: true });
      }
    },
    async retrying(payload) {
      await db
        .update(uploads)
        .set({ processingStatus: "queued" })
        .where(eq(uploads.id, uploadIdOf(payload)));
    },
    async failed(payload, error) {
      const code = error instanceof PermanentJobError ? error.code : "processingFailed";
      await db
        .update(uploads)
        .set({ processingStatus: "failed", processingError: code })
        .where(eq(uploads.id, uploadIdOf(payload)));
    },
  };
}

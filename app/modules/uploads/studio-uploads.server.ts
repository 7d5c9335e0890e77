import { removeUpload, type FileStorage } from "../storage/file-storage.server";
import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, count, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { contentSubmissions, tusS3Uploads, uploads } from "../db/schema";

/** Where the tus FileStore writes originals (and their `.json` info files). */
export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/** A file of the seller's studio, as the upload page lists it. */
export interface StudioUpload {
  id: string;
  fileName: string;
  size: number;
  status: "uploading" | "complete";
  detectedMime: string | null;
  processingStatus: "none" | "queued" | "processing" | "ready" | "failed";
  processingError: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** Bytes the server holds: the whole size once complete, what reached the disk before. */
  receivedBytes: number;
  /** Attached to a draft product: listed (the seller is still at work) but not discardable. */
  inDraft: boolean;
}

/**
 * The studio: originals in progress or complete that no submitted product uses yet (no
 * submission, or a draft one). The same rows count towards the 100-file limit.
 */
function inStudio(ownerId: string): SQL {
  return and(
    eq(uploads.ownerId, ownerId),
    eq(uploads.purpose, "original"),
    inArray(uploads.status, ["uploading", "complete"]),
    or(isNull(uploads.submissionId), eq(contentSubmissions.status, "draft")),
  )!;
}

async function bytesOnDisk(filePath: string): Promise<number> {
  try {
    return (await fs.stat(filePath)).size;
  } catch {
    return 0;
  }
}

/** The owner's studio files, newest last. */
export async function listStudioUploads(
  db: Database,
  ownerId: string,
  directory: string,
): Promise<StudioUpload[]> {
  const rows = await db
    .select({
      id: uploads.id,
      fileName: uploads.fileName,
      size: uploads.size,
      status: uploads.status,
      detectedMime: uploads.detectedMime,
      processingStatus: uploads.processingStatus,
      processingError: uploads.processingError,
      createdAt: uploads.createdAt,
      submissionId: uploads.submissionId,
      // An upload on S3 has its offset in the database; a local one is as long as its file.
      s3Offset: tusS3Uploads.offset,
    })
    .from(uploads)
    .leftJoin(contentSubmissions, eq(uploads.submissionId, contentSubmissions.id))
    .leftJoin(tusS3Uploads, eq(tusS3Uploads.id, uploads.id))
    .where(inStudio(ownerId))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      fileName: row.fileName,
      size: row.size,
      status: row.status as StudioUpload["status"],
      detectedMime: row.detectedMime,
      processingStatus: row.processingStatus,
      processingError: row.processingError,
      createdAt: row.createdAt.toISOString(),
      receivedBytes:
        row.status === "complete"
          ? row.size
          : Math.min(row.size, row.s3Offset ?? (await bytesOnDisk(path.join(directory, row.id)))),
      inDraft: row.submissionId !== null,
    })),
  );
}

/** How many files the owner's studio holds (the 100-file limit counts these). */
export async function countStudioUploads(db: Database, ownerId: string): Promise<number> {
  const [result] = await db
    .select({ total: count() })
    .from(uploads)
    .leftJoin(contentSubmissions, eq(uploads.submissionId, contentSubmissions.id))
    .where(inStudio(ownerId));
  return result?.total ?? 0;
}

/**
 * Removes one of the actor's studio files that no product uses yet: its row, its original,
 * the tus info file and any preview made from it. Anyone else's id, or a file already in a product, changes nothing.
 * Admins are no exception: they discard only their own uploads here. Gives the removed file's
 * name, or null when nothing was removed.
 */
export async function discardStudioUpload(
  db: Database,
  storage: FileStorage,
  actorId: string,
  uploadId: string,
): Promise<{ fileName: string } | null> {
  const [removed] = await db
    .delete(uploads)
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.ownerId, actorId),
        eq(uploads.purpose, "original"),
        inArray(uploads.status, ["uploading", "complete"]),
        isNull(uploads.submissionId),
      ),
    )
    .returning({ id: uploads.id, fileName: uploads.fileName });
  if (!removed) return null;
  // The id is the server-made storage key of the row just deleted, never the form's text.
  // Its previews go too; a media job still queued for it finds no row and stops.
  await removeUpload(storage, removed.id);
  return { fileName: removed.fileName };
}

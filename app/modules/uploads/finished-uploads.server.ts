import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { detectMimeType } from "./detect-type.server";

/**
 * What the upload server asks of its store once the last byte is in: the type judged from the
 * bytes, their SHA-256, and, for a refused file, that nothing of it stays.
 */
export interface FinishedUploads {
  mimeType(uploadId: string): Promise<string>;
  sha256(uploadId: string): Promise<string>;
  discardFinished(uploadId: string): Promise<void>;
}

/** The local-disk tus store (DATA_DIR/uploads, one `.json` info file beside each original). */
export class LocalTusStore extends FileStore implements FinishedUploads {
  private readonly root: string;

  constructor(directory: string) {
    super({ directory });
    this.root = directory;
  }

  private pathOf(uploadId: string): string {
    return path.join(this.root, path.basename(uploadId));
  }

  async mimeType(uploadId: string): Promise<string> {
    return detectMimeType(this.pathOf(uploadId));
  }

  async sha256(uploadId: string): Promise<string> {
    const hash = createHash("sha256");
    for await (const chunk of createReadStream(this.pathOf(uploadId))) hash.update(chunk as Buffer);
    return hash.digest("hex");
  }

  async discardFinished(uploadId: string): Promise<void> {
    const filePath = this.pathOf(uploadId);
    await fs.rm(filePath, { force: true });
    await fs.rm(`${filePath}.json`, { force: true });
  }
}

import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertKey,
  assertPrefix,
  type FileStorage,
  type ListedObject,
} from "./file-storage.server";

/** A file's validator: it changes whenever the file is rewritten. */
function etagOf(stat: { size: number; mtimeMs: number }): string {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

async function walk(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/**
 * User files on local disk, under the data directory: `DATA_DIR/uploads/<id>`,
 * `DATA_DIR/media/<id>/<name>`. The default adapter; scratch folders live in `DATA_DIR/tmp`, on
 * the same disk, so moving a finished derivative into place is a rename.
 */
export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir);
  const scratchDirectory = path.join(root, "tmp");

  function fileOf(key: string): string {
    assertKey(key);
    return path.join(root, ...key.split("/").filter(Boolean));
  }

  /** Writes beside the target, then renames: a reader never sees half an object. */
  async function writeAtomically(target: string, write: (temporary: string) => Promise<void>) {
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.partial`;
    try {
      await write(temporary);
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    driver: "local",
    async put(key, body: Buffer | Readable) {
      await writeAtomically(fileOf(key), async (temporary) => {
        if (Buffer.isBuffer(body)) await fs.writeFile(temporary, body);
        else await pipeline(body, createWriteStream(temporary));
      });
    },
    async moveFileIn(key, fromPath) {
      const target = fileOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.rename(fromPath, target);
      } catch (error) {
        // Another disk (a scratch folder elsewhere): copy, then remove the source.
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await writeAtomically(target, (temporary) => fs.copyFile(fromPath, temporary));
        await fs.rm(fromPath, { force: true });
      }
    },
    async stat(key) {
      const stat = await fs.stat(fileOf(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size, etag: etagOf(stat) } : null;
    },
    async open(key, contentType = "application/octet-stream") {
      const file = fileOf(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return {
        size: stat.size,
        contentType,
        etag: etagOf(stat),
        open: (range) => createReadStream(file, range),
      };
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async removePrefix(prefix) {
      assertPrefix(prefix);
      if (prefix.endsWith("/")) {
        await fs.rm(fileOf(prefix), { recursive: true, force: true });
        return;
      }
      await Promise.all((await this.list(prefix)).map((object) => this.remove(object.key)));
    },
    async list(prefix): Promise<ListedObject[]> {
      assertPrefix(prefix);
      const top = path.join(root, prefix.split("/")[0]!);
      const objects: ListedObject[] = [];
      for (const file of await walk(top)) {
        const key = path.relative(root, file).split(path.sep).join("/");
        if (!key.startsWith(prefix) || key.endsWith(".partial")) continue;
        objects.push({ key, size: (await fs.stat(file)).size });
      }
      return objects.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
    async attachmentUrl() {
      return null;
    },
    localPath(key) {
      return fileOf(key);
    },
    async makeWorkDirectory(label) {
      await fs.mkdir(scratchDirectory, { recursive: true });
      return fs.mkdtemp(path.join(scratchDirectory, `${label}-`));
    },
    async check() {
      const probe = path.join(root, "uploads", `.readyz-${randomUUID()}`);
      await fs.mkdir(path.dirname(probe), { recursive: true });
      await fs.writeFile(probe, "");
      await fs.rm(probe);
    },
  };
}

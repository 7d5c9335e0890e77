import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  derivativeKey,
  openDerivative,
  originalKey,
  originalOnDisk,
  removeUpload,
  saveDerivative,
  type FileStorage,
} from "~/modules/storage/file-storage.server";
import { createLocalStorage } from "~/modules/storage/local-storage.server";
import { createS3Client } from "~/modules/storage/s3-client.server";
import { createS3Storage } from "~/modules/storage/s3-storage.server";
import { localS3, type LocalS3 } from "../support/s3";

let s3: LocalS3;
const localRoot = await fs.mkdtemp(path.join(os.tmpdir(), "vitrine-storage-"));

beforeAll(async () => {
  s3 = await localS3();
});

afterAll(async () => {
  await s3?.close();
  await fs.rm(localRoot, { recursive: true, force: true });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const adapters: Array<[string, () => FileStorage]> = [
  ["local disk", () => createLocalStorage(localRoot)],
  [
    "S3",
    () =>
      createS3Storage(
        createS3Client({
          endpoint: s3.endpoint,
          region: "us-east-1",
          bucket: s3.bucket,
          accessKeyId: s3.accessKeyId,
          secretAccessKey: s3.secretAccessKey,
          forcePathStyle: true,
        }),
        s3.bucket,
      ),
  ],
];

describe.each(adapters)("the %s adapter", (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it("stores bytes and a stream, and gives them back whole or by range", async () => {
    const id = randomUUID();
    const bytes = randomBytes(70_000);
    await storage.put(originalKey(id), bytes);
    expect(await storage.stat(originalKey(id))).toMatchObject({ size: bytes.length });
    const file = (await storage.open(originalKey(id), "image/png"))!;
    expect(file).toMatchObject({ size: bytes.length, contentType: "image/png" });
    expect(file.etag).toMatch(/^".+"$/);
    expect((await bytesOf(file.open())).equals(bytes)).toBe(true);
    expect(
      (await bytesOf(file.open({ start: 100, end: 1099 }))).equals(bytes.subarray(100, 1100)),
    ).toBe(true);

    // A stream larger than one multipart part (5 MiB) goes up in parts.
    const large = randomBytes(6 * 1024 * 1024 + 17);
    await storage.put(
      originalKey(id),
      Readable.from([large.subarray(0, 1000), large.subarray(1000)]),
    );
    const replaced = (await storage.open(originalKey(id)))!;
    expect(replaced.size).toBe(large.length);
    expect((await bytesOf(replaced.open())).equals(large)).toBe(true);
  });

  it("says absent for a missing key, and removes objects one by one or by prefix", async () => {
    const id = randomUUID();
    expect(await storage.stat(originalKey(id))).toBeNull();
    expect(await storage.open(derivativeKey(id, "preview"))).toBeNull();
    await storage.remove(originalKey(id)); // removing nothing is not an error

    await storage.put(originalKey(id), Buffer.from("original"));
    const work = await storage.makeWorkDirectory("contract");
    for (const name of ["thumbnail", "preview"] as const) {
      await fs.writeFile(path.join(work, name), `${name} bytes`);
      await saveDerivative(storage, id, name, path.join(work, name));
    }
    // A scratch file handed over is gone from the scratch folder.
    expect(await fs.readdir(work)).toEqual([]);
    await fs.rm(work, { recursive: true });

    expect(await storage.list(`media/${id}/`)).toEqual([
      { key: `media/${id}/preview`, size: "preview bytes".length },
      { key: `media/${id}/thumbnail`, size: "thumbnail bytes".length },
    ]);
    const preview = (await openDerivative(storage, id, "preview"))!;
    expect(preview.contentType).toBe("image/jpeg");
    expect((await bytesOf(preview.open())).toString()).toBe("preview bytes");

    await removeUpload(storage, id);
    expect(await storage.stat(originalKey(id))).toBeNull();
    expect(await storage.list(`media/${id}/`)).toEqual([]);
  });

  it("lists by prefix only what starts with it", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await storage.put(originalKey(a), Buffer.from("a"));
    await storage.put(originalKey(b), Buffer.from("bb"));
    const listed = await storage.list("uploads/");
    expect(listed).toEqual(expect.arrayContaining([{ key: originalKey(a), size: 1 }]));
    expect(await storage.list(`uploads/${b}`)).toEqual([{ key: originalKey(b), size: 2 }]);
  });

  it("hands the media tools the original as a file, and refuses keys that climb out", async () => {
    const id = randomUUID();
    await storage.put(originalKey(id), Buffer.from("the original"));
    const work = await storage.makeWorkDirectory("contract");
    const file = await originalOnDisk(storage, id, work);
    expect(await fs.readFile(file, "utf8")).toBe("the original");
    await fs.rm(work, { recursive: true });

    for (const key of ["../etc/passwd", "uploads/../../x", "/uploads/x", "uploads/.hidden"]) {
      await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/storage key/);
    }
  });
});

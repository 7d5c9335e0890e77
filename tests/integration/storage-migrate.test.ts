import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "~/modules/storage/local-storage.server";
import { createS3Client } from "~/modules/storage/s3-client.server";
import { createS3Storage } from "~/modules/storage/s3-storage.server";
import {
  derivativeKey,
  originalKey,
  type FileStorage,
} from "~/modules/storage/file-storage.server";
import { localS3, s3Env, type LocalS3 } from "../support/s3";

let s3: LocalS3;
let bucket: FileStorage;
let dataDir: string;

beforeAll(async () => {
  s3 = await localS3();
  bucket = createS3Storage(
    createS3Client({ ...s3, region: "us-east-1", forcePathStyle: true }),
    s3.bucket,
  );
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "vitrine-migrate-"));
});

afterAll(async () => {
  await s3?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/**
 * `npm run storage:migrate`, as an operator runs it, in another process (the S3 server runs in
 * this one's event loop: a synchronous spawn would leave it unanswered).
 */
function run(env: Record<string, string>) {
  return promisify(execFile)(process.execPath, ["server/storage-migrate.js"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
}

async function migrate(): Promise<string> {
  const { stdout } = await run({ ...s3Env(s3), DATA_DIR: dataDir, DATABASE_URL: "" });
  return stdout;
}

describe("npm run storage:migrate", () => {
  it("copies originals and derivatives to the bucket under the same keys, once", async () => {
    const local = createLocalStorage(dataDir);
    const [first, second] = [randomUUID(), randomUUID()];
    const original = randomBytes(300_000);
    await local.put(originalKey(first), original);
    await local.put(derivativeKey(first, "preview"), Buffer.from("preview"));
    await local.put(derivativeKey(first, "thumbnail"), Buffer.from("thumbnail"));
    await local.put(originalKey(second), Buffer.from("second"));
    // The tus server's bookkeeping of an upload is not a user file.
    await local.put(`${originalKey(second)}.json`, Buffer.from("{}"));

    expect(await migrate()).toContain("copied 4 (300022 bytes), already there 0, not user files 1");
    const inBucket = [...(await bucket.list("uploads/")), ...(await bucket.list("media/"))];
    expect(inBucket.map((object) => object.key).sort()).toEqual(
      [
        originalKey(first),
        originalKey(second),
        derivativeKey(first, "preview"),
        derivativeKey(first, "thumbnail"),
      ].sort(),
    );
    const copied = (await bucket.open(originalKey(first)))!;
    const chunks: Buffer[] = [];
    for await (const chunk of copied.open()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(original)).toBe(true);
    expect((await bucket.open(derivativeKey(first, "preview")))!.size).toBe(7);

    // A second run (after an interruption, or just before switching) copies only what changed.
    await local.put(originalKey(second), Buffer.from("second, rewritten"));
    expect(await migrate()).toContain("copied 1 (17 bytes), already there 3, not user files 1");
    // Nothing left the disk.
    expect(await local.stat(originalKey(first))).toMatchObject({ size: original.length });
  });

  it("refuses to run without a bucket to copy to", async () => {
    await expect(run({ STORAGE_DRIVER: "local", DATA_DIR: dataDir })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/STORAGE_DRIVER=s3/),
    });
  });
});

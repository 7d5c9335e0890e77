import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";

/** Up to `bytes` bytes of a file from `position` (fewer if it is shorter). */
export async function readBytes(filePath: string, bytes: number, position = 0): Promise<Buffer> {
  const handle = await fs.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Removes a scratch file, whether or not it was made. */
export async function removeQuietly(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}

/** The SHA-256 of a file, in hex, read as a stream. */
export async function sha256OfFile(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

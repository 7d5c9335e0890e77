import { createHash } from "node:crypto";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { startS3Server } from "../../scripts/s3-server.js";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  directory: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free port, with an empty bucket. */
export function localS3(): Promise<LocalS3> {
  return startS3Server({ port: 0 }) as Promise<LocalS3>;
}

/** The variables that point the app at `server`'s bucket. */
export function s3Env(server: LocalS3): Record<string, string> {
  return {
    STORAGE_DRIVER: "s3",
    S3_ENDPOINT: server.endpoint,
    S3_BUCKET: server.bucket,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}

export interface TestS3 {
  client: S3Client;
  bucket: string;
  endpoint: string;
  close(): Promise<void>;
}

/** The local S3 server on a free port, with a client for it. */
export async function testS3(): Promise<TestS3> {
  const server = await localS3();
  const client = new S3Client({
    endpoint: server.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
  return {
    client,
    bucket: server.bucket,
    endpoint: server.endpoint,
    async close() {
      client.destroy();
      await server.close();
    },
  };
}

/** The SHA-256 of an object, read as a stream; null when there is no such object. */
export async function objectSha256(s3: TestS3, key: string): Promise<string | null> {
  try {
    const answer = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    const hash = createHash("sha256");
    for await (const chunk of answer.Body!.transformToWebStream()) hash.update(chunk as Uint8Array);
    return hash.digest("hex");
  } catch (error) {
    if (error instanceof Error && error.name === "NoSuchKey") return null;
    throw error;
  }
}

/** The keys of the bucket under a prefix. */
export async function keysUnder(s3: TestS3, prefix: string): Promise<string[]> {
  const listed = await s3.client.send(
    new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }),
  );
  return (listed.Contents ?? []).map((object) => object.Key!);
}

import { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "./s3-settings.server";

/**
 * An S3 client for these settings. Checksums are sent and checked only where the API requires
 * them: the SDK's default (a CRC32 trailer in an aws-chunked body) is not understood by every
 * S3-compatible service, some of which would store the chunk framing as the object's bytes.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

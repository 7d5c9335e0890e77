// A local S3-compatible server (s3rver, from the npm registry) for development, tests and the
// bench. It keeps objects under a directory and accepts any credentials. It does not check
// signatures and has no ListParts; nothing in the project relies on either (see
// docs/deployment.md). Its multipart uploads are made to answer as S3's do below: abort, and
// NoSuchUpload for an upload that is gone (decision 0046). `npm run s3` starts one on port 4569
// with the bucket `vitrine`.
import S3rver from "s3rver";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Starts the server; resolves once it listens. `port: 0` picks a free port.
 * @param {{ port?: number, directory?: string, bucket?: string }} [options]
 */
export async function startS3Server(options = {}) {
  const bucket = options.bucket ?? "vitrine";
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-s3-"));
  const server = new S3rver({
    port: options.port ?? 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  server.middleware.unshift(multipartAsS3(server));
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    // s3rver accepts any key pair; these are the ones its documentation uses.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    close: () => server.close(),
  };
}

/**
 * Multipart uploads as S3 has them, where s3rver does not: `DELETE /<bucket>/<key>?uploadId=…`
 * (AbortMultipartUpload) removes the folder s3rver keeps the upload's parts in, and a part or a
 * completion for an upload that no longer exists answers NoSuchUpload (s3rver would make a new
 * folder for the part, then fail at completion).
 * @param {S3rver} server
 */
function multipartAsS3(server) {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (typeof uploadId !== "string" || !["DELETE", "PUT", "POST"].includes(ctx.method)) {
      return next();
    }
    const bucket = ctx.path.split("/")[1] ?? "";
    // s3rver's own layout: <directory>/<bucket>/<suffix for "uploads">/<uploadId>.
    const uploads = server.store.getResourcePath(bucket, undefined, "uploads");
    const folder = path.join(uploads, path.basename(uploadId));
    if (!fs.existsSync(folder)) {
      ctx.status = 404;
      ctx.type = "application/xml";
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code>' +
        "<Message>The specified upload does not exist.</Message></Error>";
      return;
    }
    if (ctx.method !== "DELETE") return next();
    await fs.promises.rm(folder, { recursive: true, force: true });
    ctx.status = 204;
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.env.S3_PORT ?? 4569);
  const directory = process.env.S3_DIR ?? path.resolve("data-s3");
  fs.mkdirSync(directory, { recursive: true });
  const server = await startS3Server({ port, directory });
  console.log(`S3 server on ${server.endpoint}, bucket ${server.bucket}, files in ${directory}`);
}

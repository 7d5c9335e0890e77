// Resumable uploads on S3 (decision record 0046): a 1 GB file (1000 MiB) sent with tus-js-client
// in 32 MiB chunks to one instance of the upload endpoint whose store is S3 (the local s3rver)
// with its bookkeeping in PostgreSQL, beside a plain PutObject of the same file to the same S3
// server and beside a bare multipart upload of it (what the S3 server costs for multipart), with
// the tus process's peak resident memory during the upload. The tus process is
// tests/support/tus-s3-instance.ts (store, locker and database as in production, no accounts)
// run through tsx; no build needed. Run with `npm run bench` or `node bench/upload-s3.bench.js`.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { Upload } from "tus-js-client";
import { startS3Server } from "../scripts/s3-server.js";
import {
  createCleanup,
  findFreePort,
  numberFromEnv,
  residentMemory,
  root,
  sampleMemory,
  stopApp,
  waitUntilReady,
  warnIfBusy,
} from "./support/app-process.js";
import { makeDatabase } from "./support/bench-database.js";
import { serverEnv, serverNodeArgs } from "../server/node-args.js";

const resultsFile = path.join(root, "bench/results/upload-s3.json");
const mib = 1024 * 1024;
/** The part size of S3TusStore (app/modules/uploads/s3-tus-store.server.ts). */
const defaultPartBytes = 8 * mib;

function readSettings() {
  return {
    sizeBytes: numberFromEnv("BENCH_UPLOAD_MB", 1000, { integer: true, min: 1 }) * mib,
    chunkBytes: numberFromEnv("BENCH_UPLOAD_CHUNK_MB", 32, { integer: true, min: 1 }) * mib,
    // "" runs the tus process on PGlite (whose WebAssembly heap then dominates its memory).
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  };
}

/** Random bytes nothing can compress, written in 16 MiB blocks; gives their SHA-256. */
async function makeSource(file, sizeBytes) {
  const handle = await open(file, "w");
  const hash = createHash("sha256");
  try {
    for (let written = 0; written < sizeBytes;) {
      const block = randomBytes(Math.min(16 * mib, sizeBytes - written));
      await handle.write(block);
      hash.update(block);
      written += block.length;
    }
  } finally {
    await handle.close();
  }
  return hash.digest("hex");
}

async function objectSha256(s3, bucket, key) {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const hash = createHash("sha256");
  for await (const chunk of answer.Body) hash.update(chunk);
  return hash.digest("hex");
}

/** The baseline: the same file sent to the same S3 server in one PutObject. */
async function plainCopy(s3, bucket, source, sizeBytes) {
  const started = performance.now();
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: "bench/plain-copy",
      Body: createReadStream(source),
      ContentLength: sizeBytes,
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * The second baseline: the same file as a bare multipart upload, in the store's part size, one
 * part after the other, from the bench process: what the S3 server itself costs for multipart
 * (s3rver concatenates the parts at completion), without tus, HTTP hop or database.
 */
async function bareMultipart(s3, bucket, source, sizeBytes) {
  const started = performance.now();
  const key = "bench/bare-multipart";
  const { UploadId } = await s3.send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }),
  );
  const parts = [];
  const handle = await open(source, "r");
  try {
    for (let offset = 0, number = 1; offset < sizeBytes; offset += defaultPartBytes, number++) {
      const part = Buffer.alloc(Math.min(defaultPartBytes, sizeBytes - offset));
      await handle.read(part, 0, part.length, offset);
      const sent = await s3.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId,
          PartNumber: number,
          Body: part,
        }),
      );
      parts.push({ PartNumber: number, ETag: sent.ETag });
    }
  } finally {
    await handle.close();
  }
  await s3.send(
    new CompleteMultipartUploadCommand({
      Bucket: bucket,
      Key: key,
      UploadId,
      MultipartUpload: { Parts: parts },
    }),
  );
  return (performance.now() - started) / 1000;
}

function startTusInstance({ port, dataDir, databaseUrl, s3Server }) {
  const child = spawn(
    process.execPath,
    [...serverNodeArgs, "--import", "tsx", "tests/support/tus-s3-instance.ts"],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        ...serverEnv,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? "",
        S3_ENDPOINT: s3Server.endpoint,
        S3_BUCKET: s3Server.bucket,
        S3_ACCESS_KEY_ID: s3Server.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3Server.secretAccessKey,
      },
    },
  );
  const output = { lines: [], total: 0 };
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => output.lines.push(...chunk.split("\n").filter(Boolean)));
  }
  return { child, output, baseUrl: `http://127.0.0.1:${port}` };
}

function tusUpload(baseUrl, source, sizeBytes, chunkBytes) {
  return new Promise((resolve, reject) => {
    const upload = new Upload(createReadStream(source), {
      endpoint: `${baseUrl}/files`,
      uploadSize: sizeBytes,
      chunkSize: chunkBytes,
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(upload.url.split("/").pop()),
    });
    upload.start();
  });
}

async function main() {
  const settings = readSettings();
  const loadAtStart = warnIfBusy();
  const cleanup = createCleanup();
  try {
    const workDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-upload-s3-bench-"));
    cleanup.add(() => rm(workDir, { recursive: true, force: true }));
    const s3Directory = path.join(workDir, "s3");
    await mkdir(s3Directory);
    const s3Server = await startS3Server({ port: 0, directory: s3Directory });
    cleanup.add(() => s3Server.close());
    const s3 = new S3Client({
      endpoint: s3Server.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: {
        accessKeyId: s3Server.accessKeyId,
        secretAccessKey: s3Server.secretAccessKey,
      },
    });
    cleanup.add(() => s3.destroy());

    const source = path.join(workDir, "source.bin");
    console.log(`Writing a ${settings.sizeBytes / mib} MiB source file…`);
    const sourceHash = await makeSource(source, settings.sizeBytes);
    const copySeconds = await plainCopy(s3, s3Server.bucket, source, settings.sizeBytes);
    const multipartSeconds = await bareMultipart(s3, s3Server.bucket, source, settings.sizeBytes);

    const database = await makeDatabase(settings.postgresUrl);
    if (database) cleanup.add(() => database.drop());
    const dataDir = path.join(workDir, "data");
    const tus = startTusInstance({
      port: await findFreePort(),
      dataDir,
      databaseUrl: database?.url,
      s3Server,
    });
    cleanup.add(() => stopApp(tus.child));
    await waitUntilReady(tus, "/healthz");
    const idle = await residentMemory(tus.child.pid);
    const memory = sampleMemory(tus.child.pid);
    const started = performance.now();
    const id = await tusUpload(tus.baseUrl, source, settings.sizeBytes, settings.chunkBytes);
    const tusSeconds = (performance.now() - started) / 1000;
    const peakRss = await memory.stop();
    const loadAtEnd = os.loadavg()[0];
    if ((await objectSha256(s3, s3Server.bucket, `uploads/${id}`)) !== sourceHash) {
      throw new Error("the object at uploads/<id> differs from the source");
    }

    const mibPerSecond = (seconds) => settings.sizeBytes / mib / seconds;
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
      engine: database ? "postgres" : "pglite",
      sizeBytes: settings.sizeBytes,
      chunkBytes: settings.chunkBytes,
      copySeconds,
      tusSeconds,
      copyMiBPerSecond: mibPerSecond(copySeconds),
      tusMiBPerSecond: mibPerSecond(tusSeconds),
      multipartSeconds,
      multipartMiBPerSecond: mibPerSecond(multipartSeconds),
      ratio: mibPerSecond(tusSeconds) / mibPerSecond(copySeconds),
      ratioToMultipart: mibPerSecond(tusSeconds) / mibPerSecond(multipartSeconds),
      idleRssMiB: idle.rss / mib,
      peakRssMiB: peakRss / mib,
    };
    await mkdir(path.dirname(resultsFile), { recursive: true });
    await writeFile(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      [
        `tus on S3 (${result.engine}): ${result.tusMiBPerSecond.toFixed(0)} MiB/s`,
        `plain PutObject: ${result.copyMiBPerSecond.toFixed(0)} MiB/s`,
        `bare multipart upload: ${result.multipartMiBPerSecond.toFixed(0)} MiB/s`,
        `ratio to PutObject ${result.ratio.toFixed(2)}, to bare multipart ${result.ratioToMultipart.toFixed(2)}`,
        `tus process RSS idle ${result.idleRssMiB.toFixed(0)} MiB, peak ${result.peakRssMiB.toFixed(0)} MiB`,
        `load ${loadAtStart.toFixed(1)} → ${loadAtEnd.toFixed(1)} on ${result.cpus} CPUs`,
      ].join("\n"),
    );
    console.log(`Results written to ${path.relative(root, resultsFile)}`);
  } finally {
    await cleanup.run();
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}

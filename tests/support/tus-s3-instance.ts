// One stateless instance of the resumable upload endpoint on S3, as its own process, for the
// tests and the bench that need several instances or a process to kill: the real S3 store, the
// real PostgreSQL locker and the project's database, without the rest of the site (no accounts:
// tus at /files takes anyone's bytes). Run with `node --import tsx`; it answers /healthz once
// it listens. Settings come from the environment: PORT, HOST, DATA_DIR, DATABASE_URL,
// S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { S3Client } from "@aws-sdk/client-s3";
import { Server } from "@tus/server";
import { openDatabase } from "../../app/modules/db/client.server";
import { createTusLocker } from "../../app/modules/uploads/postgres-locker.server";
import { S3TusStore } from "../../app/modules/uploads/s3-tus-store.server";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: required("DATA_DIR"),
});
const s3 = new S3Client({
  endpoint: required("S3_ENDPOINT"),
  region: "us-east-1",
  forcePathStyle: true,
  credentials: {
    accessKeyId: required("S3_ACCESS_KEY_ID"),
    secretAccessKey: required("S3_SECRET_ACCESS_KEY"),
  },
});
const tus = new Server({
  path: "/files",
  datastore: new S3TusStore({ s3, bucket: required("S3_BUCKET"), db: handle.db }),
  locker: createTusLocker(process.env.DATABASE_URL),
  namingFunction: () => randomUUID(),
  relativeLocation: true,
});

http
  .createServer((req, res) => {
    if (req.url === "/healthz") {
      res.end("ok");
      return;
    }
    void tus.handle(req, res);
  })
  .listen(Number(required("PORT")), process.env.HOST ?? "127.0.0.1", () => {
    console.log(JSON.stringify({ msg: "listening", pid: process.pid }));
  });

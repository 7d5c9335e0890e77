// Worker entry point (`npm run worker`): the services with the job worker on and no web server,
// beside web processes started with MEDIA_WORKER=false, all on one PostgreSQL database. With
// WORKER_PORT set it answers /healthz and /readyz there. SIGTERM or SIGINT lets the current job
// finish within SHUTDOWN_TIMEOUT_SECONDS (or hands it back to the queue), closes the database
// and exits 0; a second signal exits at once.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createHealthChecks } from "./health.js";
import { withinBound } from "./shutdown.js";

// React and React Router pick their production builds from NODE_ENV when first loaded (the
// build below), and this process exists to run jobs whatever the shared configuration says.
process.env.NODE_ENV ??= "production";
process.env.MEDIA_WORKER = "true";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = await import(path.join(root, "build/server/index.js"));
const entry = build.entry.module;
// Images are decoded and encoded in a child process, so this process never holds libvips or
// the pixels' memory (docs/decisions/0011-server-memory.md).
entry.useMediaProcess();

try {
  if (!entry.env().DATABASE_URL) {
    throw new Error(
      "The worker needs PostgreSQL: set DATABASE_URL. A PGlite data directory belongs to one " +
        "process, so on PGlite the web process runs the jobs itself (MEDIA_WORKER=true, the default).",
    );
  }
  await entry.boot();
} catch (error) {
  // Configuration and database errors carry a message written for the operator.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const { env } = await entry.services();
const log = entry.logger();
const timeoutMs = env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
let stopping = false;

const healthPort = env.WORKER_PORT ?? null;
let healthServer = null;
if (healthPort) {
  const answerHealthCheck = createHealthChecks({
    readiness: () => entry.readiness(),
    isStopping: () => stopping,
  });
  healthServer = http.createServer((req, res) => {
    answerHealthCheck(req, res).then(
      (answered) => {
        if (answered) return;
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Not Found");
      },
      (error) => {
        log.error({ err: error }, "health check failed");
        if (!res.headersSent) res.writeHead(500);
        res.end();
      },
    );
  });
  healthServer.listen(healthPort, process.env.HOST || "0.0.0.0");
}
log.info({ healthPort }, "worker running");

async function stop(signal) {
  stopping = true;
  log.info({ signal, timeoutMs }, "stopping");
  healthServer?.close();
  entry.beginStopping();
  await entry
    .stopWorker(timeoutMs)
    .catch((error) => log.error({ err: error }, "worker stop failed"));
  // Closing the database waits for queries still running; a stuck one must not hold the exit.
  const closed = await withinBound(
    entry.shutdown().catch((error) => log.error({ err: error }, "database close failed")),
    timeoutMs,
  );
  if (!closed) log.warn("database close did not finish within the bound");
  log.info("stopped");
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    void stop(signal);
  });
}

// Production server (started by index.js): static assets from build/client, everything else
// through React Router.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { createRequestHandler } from "react-router";
import sirv from "sirv";
import { limitFormBody } from "./body-limit.js";
import { logRequestOnClose, requestIdOf } from "./access-log.js";
import { acceptsGzip, compressResponse } from "./compress.js";
import { createHealthChecks } from "./health.js";
import { createSignedFileSender } from "./send-file.js";
import { createRequestTracker, stopGracefullyOnSignals } from "./shutdown.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = await import(path.join(root, "build/server/index.js"));
const entry = build.entry.module;
// Images are decoded and encoded in a child process, so this process never holds libvips or
// the pixels' memory (docs/decisions/0011-server-memory.md).
entry.useMediaProcess();

try {
  await entry.boot();
} catch (error) {
  // Configuration and data-directory errors carry a message written for the operator.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const trustProxy = ["1", "true"].includes(process.env.TRUST_PROXY ?? "");
const { env } = await entry.services();
const log = entry.logger();
const tracker = createRequestTracker();
let stopping = false;
const answerHealthCheck = createHealthChecks({
  readiness: () => entry.readiness(),
  isStopping: () => stopping,
});

/** The client's address: the socket's, or the first X-Forwarded-For hop behind our own proxy. */
function clientAddress(req) {
  const forwarded = trustProxy
    ? String(req.headers["x-forwarded-for"] ?? "")
        .split(",")[0]
        ?.trim()
    : "";
  return forwarded || req.socket.remoteAddress || "unknown";
}
// Hashed build assets never change; other public files may. Their .br and .gz copies, written
// at build time (scripts/precompress.js), go to the browsers that accept them.
const staticFiles = sirv(path.join(root, "build/client"), {
  dotfiles: false,
  brotli: true,
  gzip: true,
  setHeaders(res, pathname) {
    res.setHeader(
      "Cache-Control",
      pathname.startsWith("/assets/")
        ? "public, max-age=31536000, immutable"
        : "public, max-age=3600",
    );
  },
});
const handleRequest = createRequestHandler(build, "production");
// Public pages for visitors without a session are kept whole between requests (0061).
const pages = await entry.pageCache();
// Behind our own TLS-terminating proxy the request's URL takes the public scheme and host from
// X-Forwarded-Proto/-Host, so that React Router's same-origin check of form posts compares
// like with like (https with https).
const appListener = createRequestListener(
  async (request) => {
    const context = entry.createLoadContext(request.headers.get("x-client-address") ?? undefined);
    const response = await pages.respond(request, context, () => handleRequest(request, context), {
      gzip: acceptsGzip(request),
    });
    return compressResponse(request, response);
  },
  { trustProxy },
);

const sendSignedFile = createSignedFileSender(entry);

/** Signed download links are sent from disk directly; everything else goes to React Router. */
function appOrFile(req, res) {
  sendSignedFile(req, res).then(
    (sent) => {
      if (!sent) appListener(req, res);
    },
    (error) => {
      console.error(error);
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error");
      }
    },
  );
}

/** Every request: an id, an access-log line, health checks first, then the app in the id's scope. */
function operations(handle) {
  return (req, res) => {
    const requestId = requestIdOf(req, trustProxy);
    res.setHeader("X-Request-Id", requestId);
    logRequestOnClose(log, req, res, requestId);
    tracker.track(req, res);
    answerHealthCheck(req, res).then(
      (answered) => {
        if (!answered) entry.runWithRequestId(requestId, () => handle(req, res));
      },
      (error) => {
        log.error({ err: error, requestId }, "health check failed");
        if (!res.headersSent) res.writeHead(500);
        res.end();
      },
    );
  };
}

function serve(req, res) {
  if (limitFormBody(req, res)) return;
  // A static file removed after start (a rebuild under a running server) must not crash the
  // process: sirv pipes a read stream into the response, whose error we end the response on.
  res.on("pipe", (source) => source.on("error", () => res.destroy()));
  // Set by us, never by the client: better-auth's own limiter reads the address from it too.
  req.headers["x-client-address"] = clientAddress(req);
  staticFiles(req, res, () => appOrFile(req, res));
}

const server = http.createServer(operations(serve));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || "0.0.0.0";
server.listen(port, host, () => {
  console.log(`Vitrine listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

stopGracefullyOnSignals({
  server,
  tracker,
  app: entry,
  log,
  timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  onStopping: () => {
    stopping = true;
  },
});

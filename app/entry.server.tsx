import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { RouterContextProvider, ServerRouter, type EntryContext } from "react-router";
import "./modules/i18n/catalogs.server";
import { RequestIdContext } from "./components/request-id";
import { services, shutdown } from "./modules/app.server";
import { signedOriginal } from "./modules/commerce/downloads.server";
import { env } from "./modules/config/env.server";
import { appPageCache } from "./modules/http/app-page-cache.server";
import { coalescingStream } from "./modules/http/coalescing-stream.server";
import { markRenderedRoute, markRenderFailed } from "./modules/http/page-render-marks.server";
import { clientAddressContext } from "./modules/http/request-context.server";
import { createNonce, setSecurityHeaders } from "./modules/http/security-headers.server";
import { logger } from "./modules/log/logger.server";
import { currentRequestId, runWithRequestId } from "./modules/log/request-scope.server";
import { useMediaProcess } from "./modules/media/media-process.server";
import { readiness as checkReadiness } from "./modules/operations/readiness.server";
import { beginStopping } from "./modules/operations/stopping.server";
import { copyStorage } from "./modules/storage/copy-storage.server";
import { createLocalStorage } from "./modules/storage/local-storage.server";
import { openStorage } from "./modules/storage/open-storage.server";
import { s3SettingsFromEnv } from "./modules/storage/s3-settings.server";

export const streamTimeout = 5_000;

/** Called by the production server before it listens: parse config, migrate, seed. */
export async function boot(): Promise<void> {
  await services();
}

export { services, shutdown };

/** The parsed configuration: the worker process checks its database before booting. */
export { env };

// What the production server needs around React Router (server/main.js): the app's logger for
// its access log, the request scope its log lines carry the id from, health and stop.
export { beginStopping, logger, runWithRequestId };

/**
 * Media work (sharp) in a child process: the production server and the worker say so before
 * booting (decision record 0011).
 */
export { useMediaProcess };

/** The readiness checks behind /readyz (server/health.js). */
export async function readiness() {
  const { db, env, storage } = await services();
  return checkReadiness(db, [env.dataDir], () => storage.check());
}

/** Stops the job worker within `timeoutMs` (its current job goes back to the queue after it). */
export async function stopWorker(timeoutMs: number): Promise<void> {
  await (await services()).stopWorker(timeoutMs);
}

/**
 * The original a signed download link leads to, with the same checks as the route: the
 * production server sends these files itself, without the web-stream round trip
 * (server/send-file.js, docs/decisions/0022).
 */
export async function signedDownload(uploadId: string, params: URLSearchParams) {
  return signedOriginal(await services(), uploadId, params);
}

/**
 * `npm run storage:migrate` (server/storage-migrate.js): copies DATA_DIR's user files to the
 * bucket the S3 variables name, without booting the app.
 */
export async function copyLocalFilesToBucket(onCopied?: (key: string, size: number) => void) {
  const config = env();
  if (!s3SettingsFromEnv(config))
    throw new Error("Set STORAGE_DRIVER=s3 and S3_BUCKET (and the other S3_* variables).");
  const bucket = await openStorage(config);
  await bucket.check();
  return copyStorage(createLocalStorage(config.dataDir), bucket, onCopied);
}

/** Whole public pages kept for visitors (decision record 0061): the server answers through it. */
export async function pageCache() {
  return appPageCache((await services()).events);
}

/** Builds the per-request context: the client's address, for rate limits. */
export function createLoadContext(clientAddress: string | undefined): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress ?? "unknown");
  return context;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Whether this page may be kept for other visitors (decision record 0061).
  markRenderedRoute(loadContext, routerContext);
  // One nonce per response: React Router puts it on its scripts (and <Links>, <Scripts>,
  // <ScrollRestoration> take it from ServerRouter), React on the scripts it streams.
  const nonce = createNonce();
  setSecurityHeaders(responseHeaders, { nonce, env: env(), request });
  const requestId = currentRequestId() ?? null;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const onReady = () => {
      shellRendered = true;
      const body = coalescingStream(() => {
        clearTimeout(timeout);
        timeout = undefined;
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      pipe(body);
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
    };
    const { pipe, abort } = renderToPipeableStream(
      <RequestIdContext value={requestId}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RequestIdContext>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          markRenderFailed(loadContext);
          if (shellRendered) logger().error({ err: error }, "render error");
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // The path only: a query string may carry a signed link's signature.
  logger().error({ err: error, path: new URL(request.url).pathname }, "request failed");
}

// One log line per request, written when its response closes (finished or cut off), with the id
// the response's X-Request-Id header and the error page show.
import { randomUUID } from "node:crypto";

// An id from our own proxy is kept only if it is short and plain: it is written into every log
// line of the request and sent back in a header.
const forwardedIdPattern = /^[\w.:@-]{1,128}$/;

/** The request's id: the X-Request-Id our own proxy set (TRUST_PROXY), else a new one. */
export function requestIdOf(req, trustProxy) {
  const forwarded = trustProxy ? req.headers["x-request-id"] : undefined;
  return typeof forwarded === "string" && forwardedIdPattern.test(forwarded)
    ? forwarded
    : randomUUID();
}

/** The path without its query string, which may carry a signed link's signature. */
function pathOf(url) {
  return (url ?? "/").split("?")[0];
}

/**
 * Logs the request once its response is closed: method, path, status (null when the connection
 * ended before a response began), duration, bytes sent (headers included) and received.
 */
export function logRequestOnClose(log, req, res, requestId) {
  const started = performance.now();
  const { socket } = req;
  const writtenBefore = socket.bytesWritten;
  const readBefore = socket.bytesRead;
  res.once("close", () => {
    const status = res.headersSent ? res.statusCode : null;
    const line = {
      requestId,
      method: req.method,
      path: pathOf(req.url),
      status,
      durationMs: Math.round(performance.now() - started),
      bytes: socket.bytesWritten - writtenBefore,
      bytesIn: socket.bytesRead - readBefore,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (status === null || status >= 500) log.warn(line, "request");
    else log.info(line, "request");
  });
}

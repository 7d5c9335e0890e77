// Request bodies outside the upload endpoint are forms: small. A body is counted as it arrives,
// whether it announced its length or came in chunks, and refused past the limit before anything
// holds it whole in memory. Uploads (tus, /api/uploads) stream to disk and have their own limits.

export const maxFormBytes = 1024 * 1024;

function isUpload(req) {
  return /^\/api\/uploads(?:[/?]|$)/.test(req.url ?? "");
}

/** Answers 413 and closes the connection: the rest of the body is never read. */
function refuse(req, res) {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
  // Once the answer is handed to the socket, the connection goes, and with it the request
  // body's stream: whoever was reading it sees an aborted request.
  res.end("Payload Too Large", () => req.destroy());
}

/**
 * Watches the body of `req` against `maxBytes`. Returns true when the request was refused at
 * once (its announced length is over the limit); otherwise the request goes on and is refused
 * as soon as the bytes received pass the limit.
 */
export function limitFormBody(req, res, maxBytes = maxFormBytes) {
  if (isUpload(req) || req.method === "GET" || req.method === "HEAD") return false;
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) {
    refuse(req, res);
    return true;
  }
  let received = 0;
  let refused = false;
  req.on("data", (chunk) => {
    received += chunk.length;
    if (received > maxBytes && !refused) {
      refused = true;
      refuse(req, res);
    }
  });
  // Listening for data sets the stream flowing, and chunks that arrive before the app attaches
  // its own reader would be lost to it: the stream waits until that reader asks for data.
  req.pause();
  return false;
}

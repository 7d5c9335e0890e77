// Request bodies outside the upload endpoint are forms: small. A body is counted as it arrives,
// whether it announced its length or came in chunks, and refused past the limit before anything
// holds it whole in memory. Uploads (tus, /api/uploads) stream to disk and have their own limits.

const maxFormBytes = 1024 * 1024;

function isUpload(req) {
  return /^\/api\/uploads(?:[/?]|$)/.test(req.url ?? "");
}

// A client still sending when refused must get the time to read the answer: closing a connection
// with unread bytes resets it, and a reset can reach the client before the answer does.
const lingerMs = 1000;

/** Answers 413 and closes the connection: the rest of the body is never read. */
function refuse(req, res) {
  // The app's reader loses its feed and cannot start the flow again: the socket is read no more.
  req.removeAllListeners("data");
  req.pause();
  req.resume = () => req;
  const socket = req.socket;
  // The app's reader sees the connection close as an aborted request.
  const close = () => socket.destroy();
  if (res.headersSent) {
    close();
    return;
  }
  // Node destroys a `Connection: close` socket once the answer is written; only its sending side
  // is closed here, the whole connection a moment later.
  socket.destroySoon = () => socket.end();
  res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
  res.end("Payload Too Large", () => setTimeout(close, lingerMs).unref());
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
  req.on("data", (chunk) => {
    received += chunk.length;
    if (received > maxBytes) refuse(req, res);
  });
  // Listening for data sets the stream flowing, and chunks that arrive before the app attaches
  // its own reader would be lost to it: the stream waits until that reader asks for data.
  req.pause();
  return false;
}

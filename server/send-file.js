// Sends the originals of signed download links straight from disk to the socket.
//
// Through React Router, a file becomes a web stream whose every chunk is a new buffer: on the
// server's heap that meant a full garbage collection every few tens of megabytes (about 50 for
// 1.2 GB, 50-70 ms each), and downloads ran at a fifth of a plain read. Here two buffers are
// allocated per download and reused: one is read from the file while the other is being
// written, and a buffer is refilled only once the socket has taken all of it (the write's
// callback). The checks are the route's own (`signedDownload` in app/entry.server.tsx). With
// files in an object store, the answer is a redirect to a short-lived presigned URL instead.
import { open } from "node:fs/promises";

const signedLinkPath = /^\/downloads\/([0-9a-f-]{36})\/file$/;
const chunkBytes = 1024 * 1024;

/** Resolves once the socket has taken `chunk`, or the connection is gone (then false). */
function write(res, chunk) {
  return new Promise((resolve) => {
    const onClose = () => resolve(false);
    res.once("close", onClose);
    res.write(chunk, (error) => {
      res.off("close", onClose);
      resolve(!error);
    });
  });
}

async function sendFile(res, file) {
  res.writeHead(200, Object.fromEntries(file.headers));
  if (res.req.method === "HEAD") {
    res.end();
    return;
  }
  const handle = await open(file.path, "r");
  const buffers = [Buffer.allocUnsafeSlow(chunkBytes), Buffer.allocUnsafeSlow(chunkBytes)];
  let position = 0;
  let connected = true;
  try {
    let written = Promise.resolve(true);
    for (let index = 0; position < file.size; index ^= 1) {
      const buffer = buffers[index];
      const { bytesRead } = await handle.read(
        buffer,
        0,
        Math.min(chunkBytes, file.size - position),
        position,
      );
      // This buffer's previous write finished before the other one started (awaited below).
      if (!(await written)) {
        connected = false;
        break;
      }
      if (bytesRead === 0) break;
      position += bytesRead;
      written = write(res, buffer.subarray(0, bytesRead));
    }
    if (connected && !(await written)) connected = false;
  } finally {
    await handle.close();
  }
  // A file shorter than announced (changed meanwhile) must not look complete to the client.
  if (!connected || position < file.size) res.destroy();
  else res.end();
}

/**
 * Answers GET/HEAD of a signed download link; resolves false for any other request, or when
 * the link leads nowhere (React Router then answers, with its 404).
 */
export function createSignedFileSender(entry) {
  return async function sendSignedFile(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = new URL(req.url ?? "/", "http://localhost");
    const match = signedLinkPath.exec(url.pathname);
    if (!match) return false;
    const file = await entry.signedDownload(match[1], url.searchParams);
    if (!file) return false;
    if (file.redirect) {
      res.writeHead(302, Object.fromEntries(file.headers));
      res.end();
      return true;
    }
    await sendFile(res, file);
    return true;
  };
}

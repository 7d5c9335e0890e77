import { Transform } from "node:stream";

/**
 * A pass-through that hands on, once per turn of the event loop, everything written to it
 * during that turn. React writes a page as dozens of small chunks in one go; each chunk would
 * otherwise cross into a web stream and onto the socket on its own (a read, a chunk of chunked
 * encoding, a system call), which cost more than rendering some of them. What React streams
 * later (a suspended part of the page) still leaves as soon as it is written. `onEnd` runs once
 * everything is handed on.
 */
export function coalescingStream(onEnd: () => void): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(handOn);
      }
      callback();
    },
    flush(callback) {
      handOn();
      onEnd();
      callback();
    },
  });
  function handOn() {
    scheduled = false;
    if (pending.length === 0) return;
    const chunks = pending;
    pending = [];
    stream.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }
  return stream;
}

import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A rendered page kept as a template: its bytes cut at every place the render's nonce stood, so
 * that each response puts a nonce of its own there (decision record 0061). The nonce is always
 * `nonceLength` characters (16 random bytes in base64, `createNonce`).
 *
 * Gzip without compressing again: each piece between two nonces is deflated once, ending on a
 * sync flush, whose last four bytes are the length fields of an empty stored block (00 00 ff
 * ff). A response writes the nonce's length there instead and the nonce after it: the empty
 * block becomes a stored block holding the nonce, and the next piece follows on a byte
 * boundary. Each piece is deflated with everything before it as its dictionary, so that it can
 * refer back to the page's earlier text, but with every nonce's place filled with 0xff bytes,
 * which never occur in UTF-8: no back-reference can cover a nonce, whose bytes differ from one
 * response to the next. Every byte a back-reference copies is therefore the same in each
 * response, and the output is a valid gzip stream of exactly the page with the new nonce.
 */
export const nonceLength = 24;

const deflateWindow = 32 * 1024;
const syncFlushTail = Buffer.from([0x00, 0x00, 0xff, 0xff]);
// LEN and its one's complement NLEN, little-endian, of a stored block of one nonce.
const nonceBlockLength = Buffer.from([
  nonceLength & 0xff,
  nonceLength >> 8,
  ~nonceLength & 0xff,
  (~nonceLength >> 8) & 0xff,
]);
// ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS.
const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
const nonceMask = Buffer.alloc(nonceLength, 0xff);

export interface PageTemplate {
  /** The page's bytes between the nonces: one more piece than there are nonces. */
  readonly pieces: readonly Buffer[];
  /** Bytes of the page without its nonces. */
  readonly size: number;
}

/**
 * `body` cut at each occurrence of `nonce`, or null when the page cannot be served again safely:
 * a nonce of another length, or a `nonce="…"` attribute carrying anything but this nonce (it
 * would be sent again as it is).
 */
export function pageTemplate(body: Buffer, nonce: string): PageTemplate | null {
  if (nonce.length !== nonceLength || Buffer.byteLength(nonce) !== nonceLength) return null;
  const attribute = Buffer.from('nonce="');
  let attributes = 0;
  for (let at = body.indexOf(attribute); at !== -1; at = body.indexOf(attribute, at + 1)) {
    attributes += 1;
  }
  const needle = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, start)) {
    pieces.push(body.subarray(start, at));
    start = at + needle.length;
  }
  pieces.push(body.subarray(start));
  const withThisNonce = body.toString("latin1").split(`nonce="${nonce}"`).length - 1;
  if (withThisNonce !== attributes) return null;
  return { pieces, size: body.length - (pieces.length - 1) * nonceLength };
}

/** The page with `nonce` in every place its render's nonce stood. */
export function pageBytes(template: PageTemplate, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const parts: Buffer[] = [];
  template.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(nonceBytes);
    parts.push(piece);
  });
  return Buffer.concat(parts, template.size + (template.pieces.length - 1) * nonceLength);
}

/** The pieces deflated once (see above): what `gzipPageBytes` puts together per response. */
export type DeflatedPieces = readonly Buffer[];

export function deflatePieces(template: PageTemplate): DeflatedPieces | null {
  const deflated: Buffer[] = [];
  // What the decoder holds when a piece starts, nonces masked: the window's last 32 KiB.
  let history = Buffer.alloc(0);
  const last = template.pieces.length - 1;
  for (const [index, piece] of template.pieces.entries()) {
    const output = deflateRawSync(piece, {
      level: 9,
      ...(history.length > 0 ? { dictionary: history } : {}),
      finishFlush: index === last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    });
    if (index === last) {
      deflated.push(output);
      break;
    }
    if (!output.subarray(-4).equals(syncFlushTail)) return null;
    deflated.push(output.subarray(0, -4));
    history = Buffer.concat([history, piece, nonceMask]);
    if (history.length > deflateWindow) history = history.subarray(-deflateWindow);
  }
  return deflated;
}

/** The page with `nonce` in place, as a gzip stream, from its pieces deflated once. */
export function gzipPageBytes(
  template: PageTemplate,
  deflated: DeflatedPieces,
  nonce: string,
): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const parts: Buffer[] = [gzipHeader];
  let checksum = 0;
  template.pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(nonceBlockLength, nonceBytes);
      checksum = crc32(nonceBytes, checksum);
    }
    parts.push(deflated[index]!);
    checksum = crc32(piece, checksum);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE((template.size + (template.pieces.length - 1) * nonceLength) >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

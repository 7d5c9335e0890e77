// Run after `react-router build`: writes a brotli (.br) and a gzip (.gz) copy next to every
// compressible file of build/client, which sirv sends to browsers that accept them (server/main.js).
// Built once, so both use their slowest, smallest setting (decision record 0044).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "build/client");

/** Text formats; images, fonts and media are compressed already. */
const compressibleExtensions = /\.(js|mjs|css|html|json|map|svg|txt|xml|webmanifest|ico)$/;

const encoders = [
  {
    suffix: ".br",
    encode: (bytes) =>
      promisify(brotliCompress)(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  {
    suffix: ".gz",
    encode: (bytes) => promisify(gzip)(bytes, { level: constants.Z_BEST_COMPRESSION }),
  },
];

async function precompress(file) {
  const bytes = await readFile(file);
  let written = 0;
  for (const { suffix, encode } of encoders) {
    const encoded = await encode(bytes);
    // A copy that is not smaller would only cost the client a decoding step.
    if (encoded.length >= bytes.length) continue;
    await writeFile(file + suffix, encoded);
    written += 1;
  }
  return { before: bytes.length, written };
}

const files = (await readdir(clientDir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && compressibleExtensions.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));
// zlib's asynchronous calls run on libuv's thread pool: all files at once use every core.
const results = await Promise.all(files.map(precompress));
const copies = results.reduce((sum, result) => sum + result.written, 0);
console.log(`precompress: ${copies} .br/.gz copies for ${files.length} files in build/client`);

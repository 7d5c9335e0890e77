import type Sharp from "sharp";

/**
 * Loading sharp maps libvips and its codecs: about 20 MiB more resident memory at once, 6-9 MiB
 * still there once the process idles. It is imported when the first image is made; in the
 * production server that happens in the media process (`media-process.server.ts`), so the
 * server itself never holds it (decision record 0011).
 */
let loading: Promise<typeof Sharp> | undefined;

/** sharp's constructor, imported once. */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps recent operations and their pixels (up to 50 MB by default) in case the
    // same image is asked for again; each upload is processed once, so that memory only stayed
    // resident in the idle server (decision record 0056).
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

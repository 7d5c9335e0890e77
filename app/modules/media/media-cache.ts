/**
 * How long a derived file may be kept. A URL that names the file's current version (`?v=`, the
 * start of its SHA-256) always means the same bytes: kept for a year by browsers and a CDN. An
 * unversioned URL may change meaning when the file is made again: an hour, then revalidated with
 * its ETag. Files not public yet stay private to the browser.
 */
export function mediaCacheControl(audience: "public" | "private", versioned: boolean): string {
  if (audience === "private") return "private, max-age=60";
  return versioned ? "public, max-age=31536000, immutable" : "public, max-age=3600";
}

/** The URL of an upload's derived file, carrying its version when known. */
export function derivedFileUrl(uploadId: string, variant: string, version?: string | null): string {
  const base = `/media/${uploadId}/${variant}`;
  return version && /^[0-9a-f]{16}$/.test(version) ? `${base}?v=${version}` : base;
}

/** Most tags a product may carry. */
export const maxTags = 30;
export const maxTagLength = 40;

/**
 * Tags typed by a seller: split on comma, semicolon or newline, trimmed, empty ones and
 * duplicates (ignoring case) dropped, appended to those already there (docs/product.md, "Uploads and the seller's studio").
 */
export function addTags(existing: readonly string[], typed: string): string[] {
  const result = [...existing];
  const seen = new Set(existing.map((tag) => tag.toLocaleLowerCase()));
  for (const raw of typed.split(/[,;\n]/)) {
    const tag = raw.trim().slice(0, maxTagLength);
    const key = tag.toLocaleLowerCase();
    if (tag === "" || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result.slice(0, maxTags);
}

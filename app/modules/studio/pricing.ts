import type { MediaMetadata } from "../db/schema";
import type { ContentKind } from "./content-kind";

/**
 * The price proposed for a new product (docs/product.md, "Licences and prices"): ebook 3.99, video 60 in HD or 120 in 4K
 * (named 4k/2160p/uhd, or at least 3840 wide or 2160 high), others free. In cents.
 */
export function defaultPriceCents(
  kind: ContentKind,
  fileName: string,
  metadata: MediaMetadata,
): number | null {
  if (kind === "ebook") return 399;
  if (kind !== "video") return null;
  const namedUhd = /(^|[^a-z0-9])(4k|2160p|uhd)([^a-z0-9]|$)/i.test(fileName);
  const uhd = namedUhd || (metadata.width ?? 0) >= 3840 || (metadata.height ?? 0) >= 2160;
  return uhd ? 12_000 : 6_000;
}

/** Largest price a seller may ask, in cents (100 000 €). */
export const maxPriceCents = 10_000_000;

/**
 * A price typed in euros ("60", "3,99", "3.99", "1 200,50") as integer cents; empty is free
 * (null); anything else, negative or with more than two decimals, is undefined (invalid).
 */
export function parseEuros(input: string): number | null | undefined {
  const compact = input.replace(/[\s\u00a0\u202f€]/g, "");
  if (compact === "") return null;
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents > maxPriceCents ? undefined : cents;
}

/** Cents as the plain decimal a price field shows ("3.99" in en, "3,99" in fr). */
export function centsToInput(cents: number | null, locale: "fr" | "en"): string {
  if (cents === null) return "";
  const text = (cents / 100).toFixed(2).replace(/\.00$/, "");
  return locale === "fr" ? text.replace(".", ",") : text;
}

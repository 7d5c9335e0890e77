import { createHmac, timingSafeEqual } from "node:crypto";

/** A key for one purpose, derived from the server secret (one secret, separate keys). */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(`vitrine:${purpose}`).digest("hex");
}

export function hmacHex(key: string, payload: string): string {
  return createHmac("sha256", key).update(payload).digest("hex");
}

/** Compares two hex signatures in constant time. */
export function sameSignature(expected: string, received: string): boolean {
  const a = Buffer.from(expected, "hex");
  const b = Buffer.from(received, "hex");
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

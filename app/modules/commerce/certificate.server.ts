import { randomBytes } from "node:crypto";

/** A licence certificate number: VT-<year>-<8 hex digits>, unique by database index. */
export function certificateNumber(date = new Date()): string {
  return `VT-${date.getUTCFullYear()}-${randomBytes(4).toString("hex").toUpperCase()}`;
}

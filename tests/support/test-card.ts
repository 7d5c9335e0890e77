/** An expiry date (MM/YY) the test provider accepts: December, five years on. */
export function validExpiry(now = new Date()): string {
  return `12/${String((now.getUTCFullYear() + 5) % 100).padStart(2, "0")}`;
}

export const validCvc = "123";

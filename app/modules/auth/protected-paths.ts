import type { AccessRule } from "./roles";

/** Pages behind a role check, by path without language prefix (used for UI hints only). */
export const protectedPaths: Record<string, AccessRule> = {
  "/dashboard": "signedIn",
  "/seller-dashboard": "seller",
  "/portfolio": "seller",
  "/buyer-dashboard": "buyer",
  "/admin": "admin",
  "/create-test-accounts": "admin",
};

export function isProtectedPath(path: string): boolean {
  return path in protectedPaths;
}

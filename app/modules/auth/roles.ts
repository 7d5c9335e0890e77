export const roles = ["client", "creator", "admin"] as const;
export type Role = (typeof roles)[number];

/** Who may open which area (docs/product.md, "Roles and access"). */
export const access = {
  seller: ["creator", "admin"],
  buyer: ["client", "admin"],
  admin: ["admin"],
  signedIn: ["client", "creator", "admin"],
} as const satisfies Record<string, readonly Role[]>;

export type AccessRule = keyof typeof access;

/** The signed-in person as pages see them: never anything secret. */
export interface Viewer {
  id: string;
  email: string;
  role: Role;
  displayName: string;
  storeName: string | null;
}

/** Where /dashboard sends each role. */
export function dashboardPathFor(role: Role): "/seller-dashboard" | "/buyer-dashboard" {
  return role === "client" ? "/buyer-dashboard" : "/seller-dashboard";
}

import { data, type RouterContextProvider } from "react-router";
import { access, type AccessRule, type Role, type Viewer } from "../auth/roles";
import type { fr } from "../i18n/catalog.fr";
import { getViewer } from "./request-context.server";

/** What an error boundary needs to explain a refusal (docs/product.md, "Roles and access"). */
export type GuardRefusal =
  | { kind: "sign-in-required"; message: GuardMessageKey | null }
  | { kind: "access-denied"; role: Role | null; required: Role[]; message: GuardMessageKey };

export type GuardMessageKey = keyof typeof fr.guard;

/**
 * Lets the request through when the viewer's role is allowed; otherwise throws a 401 or 403
 * response that the route's error boundary renders. Every protected loader and action calls it.
 */
export async function requireAccess(
  context: Readonly<RouterContextProvider>,
  rule: AccessRule,
  options: { message?: GuardMessageKey; visitorMessage?: GuardMessageKey } = {},
): Promise<Viewer> {
  const viewer = await getViewer(context);
  const allowed: readonly Role[] = access[rule];
  if (!viewer) {
    throw data(
      { kind: "sign-in-required", message: options.visitorMessage ?? null } satisfies GuardRefusal,
      { status: 401 },
    );
  }
  if (!allowed.includes(viewer.role)) {
    throw data(
      {
        kind: "access-denied",
        role: viewer.role,
        required: [...allowed],
        message: options.message ?? "defaultMessage",
      } satisfies GuardRefusal,
      { status: 403 },
    );
  }
  return viewer;
}

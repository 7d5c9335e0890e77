import { redirect } from "react-router";
import { dashboardPathFor } from "~/modules/auth/roles";
import { getViewer } from "~/modules/http/request-context.server";
import { pageMeta } from "~/modules/http/meta";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/dashboard";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "dashboard");
}

/** The dashboard router (docs/product.md, "Roles and access"): by role, or to /auth when signed out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromUrl(new URL(request.url));
  const viewer = await getViewer(context);
  if (!viewer) throw redirect(`/${locale}/auth`);
  throw redirect(`/${locale}${dashboardPathFor(viewer.role)}`);
}

export default function Dashboard() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

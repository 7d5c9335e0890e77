import { useTranslation } from "react-i18next";
import { DashboardFrame } from "~/components/dashboard-frame";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/admin";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "admin"), { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAccess(context, "admin", { message: "adminOnly" });
  return null;
}

export default function Admin() {
  const { t } = useTranslation();
  return (
    <DashboardFrame title={t("dashboards.adminTitle")} intro={t("dashboards.adminIntro")}>
      <p className="card mt-8 p-6 text-muted">{t("dashboards.comingSoon")}</p>
    </DashboardFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

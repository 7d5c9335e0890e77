import { useTranslation } from "react-i18next";
import { DashboardFrame } from "~/components/dashboard-frame";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/seller-dashboard";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "sellerDashboard");
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "seller", {
    message: "sellerOnly",
    visitorMessage: "unauthorized",
  });
  return { name: viewer.displayName };
}

export default function SellerDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <DashboardFrame
      title={t("dashboards.sellerTitle")}
      intro={t("dashboards.sellerIntro", { name: loaderData.name })}
    >
      <p className="card mt-8 p-6 text-muted">{t("dashboards.comingSoon")}</p>
    </DashboardFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

import { useTranslation } from "react-i18next";
import { DashboardFrame } from "~/components/dashboard-frame";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/buyer-dashboard";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "buyerDashboard");
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "buyer", {
    message: "buyerOnly",
    visitorMessage: "signInRequiredText",
  });
  return { name: viewer.displayName };
}

export default function BuyerDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <DashboardFrame
      title={t("dashboards.buyerTitle")}
      intro={t("dashboards.buyerIntro", { name: loaderData.name })}
    >
      <p className="card mt-8 p-6 text-muted">{t("dashboards.comingSoon")}</p>
    </DashboardFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

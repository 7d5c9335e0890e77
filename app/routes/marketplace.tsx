import { useTranslation } from "react-i18next";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/marketplace";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "marketplace");
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  return { query };
}

/** The marketplace's frame; listing, filters and search arrive with the catalogue issue. */
export default function Marketplace({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-semibold">{t("marketplace.title")}</h1>
      {loaderData.query ? (
        <p className="mt-2 text-muted">
          {t("marketplace.resultsFor", { query: loaderData.query })}
        </p>
      ) : null}
      <p className="card mt-8 p-10 text-center text-muted">{t("marketplace.empty")}</p>
    </section>
  );
}

import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/pages/page-header";
import { localePath, useLocale } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { publicPageMeta } from "~/modules/http/meta";
import { formatMoney } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import { licenceView, listLicences } from "~/modules/pricing/licences.server";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/licenses";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

export function meta(args: Route.MetaArgs) {
  return publicPageMeta(args, "licenses");
}

/** The licence catalogue, as the cart prices it (decision record 0010: one catalogue). */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromUrl(new URL(request.url));
  const rows = await listLicences((await services()).db);
  return { licences: rows.map((row) => licenceView(row, locale)) };
}

const featureKeys = ["f1", "f2", "f3"] as const;

export default function Licenses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <PageHeader title={t("pages.licenses.title")} intro={t("pages.licenses.intro")} />
      <div className="container-page py-12">
        <ul className="grid gap-6 md:grid-cols-3">
          {loaderData.licences.map((licence) => {
            const popular = licence.id === "extended";
            return (
              <li
                key={licence.id}
                className={`card relative flex flex-col p-6 ${popular ? "border-2 border-accent" : ""}`}
                aria-labelledby={`licence-${licence.id}`}
              >
                {popular ? (
                  <p className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-0.5 text-xs font-semibold text-accent-fg">
                    {t("pages.licenses.popular")}
                  </p>
                ) : null}
                <h2 id={`licence-${licence.id}`} className="text-xl font-semibold">
                  {licence.name}
                </h2>
                <p className="mt-2 text-3xl font-semibold">
                  <span className="sr-only">{t("pages.licenses.surchargeLabel")} </span>
                  {t("pages.licenses.surcharge", {
                    price: formatMoney(locale, licence.surchargeCents),
                  })}
                </p>
                <p className="mt-2 text-sm text-muted">{licence.description}</p>
                <ul className="mt-4 space-y-2 text-sm">
                  {featureKeys.map((key) => (
                    <li key={key} className="flex gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                      {t(`pages.licenses.features.${licence.id}.${key}`)}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-muted">{t("pages.licenses.perpetual")}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={localePath(locale, "/license-agreement")} className="btn-secondary">
            {t("pages.licenses.agreementLink")}
          </Link>
          <Link to={localePath(locale, "/contact")} className="btn-ghost">
            {t("pages.licenses.questionsLink")}
          </Link>
        </div>
      </div>
    </>
  );
}
